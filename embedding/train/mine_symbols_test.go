package main

import (
	"strings"
	"testing"
)

// langCases are small sources, one per language the tree-sitter miner
// reads, each with one documented declaration (and for most an
// undocumented one).
var langCases = []struct {
	lang, path, src, query, symbolSuffix, codeHas string
}{
	{"rust", "src/dur.rs", `/// Parses a human readable duration string into seconds.
///
/// # Examples
pub fn parse_duration(s: &str) -> u64 {
    let n: u64 = s.trim_end_matches('s').parse().unwrap();
    n
}

fn helper() {
    println!("x");
    println!("y");
}
`, "Parses a human readable duration string into seconds.", "parse_duration", "pub fn parse_duration"},
	{"ruby", "lib/color.rb", `class Painter
  def reset
    @color = nil
  end

  # Wraps the text in the escape codes of the given colour.
  def paint(text, color)
    code = COLORS.fetch(color)
    "\e[#{code}m#{text}\e[0m"
  end
end
`, "Wraps the text in the escape codes of the given colour.", "paint", "def paint"},
	{"php", "src/Logger.php", `<?php
class Logger {
    /**
     * Writes the message to every handler whose level allows it.
     *
     * @param string $msg the message
     */
    public function log($msg) {
        foreach ($this->handlers as $h) {
            $h->handle($msg);
        }
    }
}
`, "Writes the message to every handler whose level allows it.", "log", "public function log"},
	{"c", "include/zstd.h", `#include <stddef.h>

/*! ZSTD_compress() :
 *  Compresses src content as a single zstd compressed frame into dst.
 *  @return : compressed size written into dst */
size_t ZSTD_compress(void* dst, size_t dstCapacity, const void* src, size_t srcSize, int level);
`, "ZSTD_compress() : Compresses src content as a single zstd compressed frame into dst.", "ZSTD_compress", "size_t ZSTD_compress"},
	{"cpp", "include/yaml/node.h", `namespace YAML {
class Node {
 public:
  /// Returns the number of children of a sequence or map node.
  std::size_t size() const {
    return m_pNode ? m_pNode->size() : 0;
    // end
  }
};
}
`, "Returns the number of children of a sequence or map node.", "size", "std::size_t size() const"},
	{"java", "src/Cache.java", `public class Cache {
    /**
     * Removes every entry older than the given age in seconds.
     */
    public void evict(long age) {
        map.values().removeIf(e -> e.age > age);
        count = map.size();
    }
}
`, "Removes every entry older than the given age in seconds.", "evict", "public void evict"},
	{"csharp", "src/Pool.cs", `public class Pool {
    /// <summary>Returns a pooled buffer of at least the given size.</summary>
    public byte[] Rent(int size) {
        var b = Take(size);
        return b ?? new byte[size];
    }
}
`, "<summary>Returns a pooled buffer of at least the given size.</summary>", "Rent", "public byte[] Rent"},
	{"kotlin", "src/Retry.kt", `/**
 * Runs the block again until it succeeds or the attempts run out.
 */
fun <T> retry(times: Int, block: () -> T): T {
    repeat(times - 1) { runCatching { return block() } }
    return block()
}
`, "Runs the block again until it succeeds or the attempts run out.", "retry", "fun <T> retry"},
	{"swift", "Sources/Queue.swift", `/// Appends an element at the back of the queue in constant time.
func enqueue(_ x: Int) {
    items.append(x)
    count += 1
}
`, "Appends an element at the back of the queue in constant time.", "enqueue", "func enqueue"},
	{"scala", "src/Stats.scala", `object Stats {
  /** Computes the arithmetic mean of a non-empty sequence of numbers. */
  def mean(xs: Seq[Double]): Double = {
    val s = xs.sum
    s / xs.size
  }
}
`, "Computes the arithmetic mean of a non-empty sequence of numbers.", "mean", "def mean"},
	{"lua", "lib/split.lua", `-- Splits a string at every occurrence of the separator pattern.
local function split(s, sep)
  local out = {}
  for part in string.gmatch(s, "([^" .. sep .. "]+)") do out[#out + 1] = part end
  return out
end
`, "Splits a string at every occurrence of the separator pattern.", "split", "local function split"},
	{"bash", "bin/backup.sh", `#!/bin/sh
# Copies the home directory to the backup disk with rsync.
backup_home() {
  rsync -a "$HOME/" /mnt/backup/
  echo done
}
`, "Copies the home directory to the backup disk with rsync.", "backup_home", "backup_home()"},
}

func TestMineSymbolsEveryLanguage(t *testing.T) {
	for _, c := range langCases {
		t.Run(c.lang, func(t *testing.T) {
			if got := fileLang(c.path); got != c.lang && !(c.lang == "cpp" && got == "c") {
				t.Errorf("fileLang(%q) = %q, want %q", c.path, got, c.lang)
			}
			fm := mineFile(c.path, []byte(c.src), &Source{Name: "s"}, Hyper{Seed: 1}, newSymbolIndex())
			var found *Pair
			for i := range fm.pairs {
				if fm.pairs[i].Shape == shapeDocstring && strings.HasSuffix(fm.pairs[i].Symbol, c.symbolSuffix) {
					found = &fm.pairs[i]
				}
			}
			if found == nil {
				t.Fatalf("no pair for %s; pairs: %+v", c.symbolSuffix, fm.pairs)
			}
			if found.Query != c.query {
				t.Errorf("query = %q, want %q", found.Query, c.query)
			}
			if found.Lang != c.lang || found.Shape != shapeDocstring || found.Target == 0 {
				t.Errorf("pair = lang %q shape %q target %d", found.Lang, found.Shape, found.Target)
			}
			if !strings.HasPrefix(found.Code, c.path+"\n") || !strings.Contains(found.Code, c.codeHas) {
				t.Errorf("code side = %q, want the path line and %q", found.Code, c.codeHas)
			}
			first := strings.Fields(c.query)[1]
			if strings.Contains(found.Code, c.query[:20]) || (found.ChunkCode != "" && strings.Contains(found.ChunkCode, c.query[:20])) {
				t.Errorf("the code side still holds the doc (%q): %q / %q", first, found.Code, found.ChunkCode)
			}
		})
	}
}

func TestCommentText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"/// Parses a line.\n/// More.", "Parses a line.\nMore.\n"},
		{"/**\n * Opens the file.\n * @param name the name\n */", "\nOpens the file.\n"},
		{"# Copies files.\n# Twice.", "Copies files.\nTwice.\n"},
		{"/** \\brief Frees the pool.\n * \\param p the pool */", "Frees the pool.\n"},
		{"-- Splits text.", "Splits text.\n"},
		{"/* Copyright 2020 Someone. Licensed under MIT. */", ""},
	} {
		if got := commentText(c.in); got != c.want {
			t.Errorf("commentText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFileLangSkipsTests(t *testing.T) {
	for _, p := range []string{"a/foo_test.go", "test_x.py", "x.spec.ts", "lib/a_spec.rb", "src/FooTest.java", "x.min.js", "types.d.ts"} {
		if got := fileLang(p); got != "" {
			t.Errorf("fileLang(%q) = %q, want it skipped", p, got)
		}
	}
}
