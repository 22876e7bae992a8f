package example.text

import scala.collection.mutable
import scala.io.Source

/** Words that are not counted. */
object StopWords {
  val English: Set[String] = Set("a", "an", "the", "and", "or", "of")
}

/** A word with its number of occurrences. */
case class WordFreq(word: String, count: Int)

/**
 * Counts word frequencies in text.
 *
 * @param minLength words shorter than this are ignored
 */
class WordCounter(minLength: Int = 2) {
  private val counts = mutable.HashMap.empty[String, Int]

  /** Adds every word of one line. */
  def addLine(line: String): Unit = {
    line.toLowerCase
      .split("[^\\p{L}]+")
      .iterator
      .filter(w => w.length >= minLength && !StopWords.English.contains(w))
      .foreach(w => counts.update(w, counts.getOrElse(w, 0) + 1))
  }

  /** The n most frequent words, most frequent first. */
  def top(n: Int): Seq[WordFreq] =
    counts.toSeq
      .sortBy { case (w, c) => (-c, w) }
      .take(n)
      .map { case (w, c) => WordFreq(w, c) }

  def total: Int = counts.values.sum
}

trait Report {
  def render(freqs: Seq[WordFreq]): String
}

/** Counts the words of a file and prints the top ten. */
object WordCount {
  def main(args: Array[String]): Unit = {
    val counter = new WordCounter()
    val src = Source.fromFile(args(0))
    try src.getLines().foreach(counter.addLine)
    finally src.close()
    counter.top(10).foreach(f => println(f"${f.word}%-20s ${f.count}%6d"))
  }
}
