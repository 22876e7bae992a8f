package search

import (
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
)

// A report's error line names the exception raised before its message.
// When the language's runtime declares that exception
// (`java.lang.IllegalStateException`, `ValueError`, `TypeError`), its
// name is in every chunk that raises or catches one, for any message:
// kotlinpoet's CodeBlock.addArgument, throwing IllegalStateException
// for another message, came before the `require` holding the report's
// own. So such names, and the JVM's header of an uncaught exception
// (`Exception in thread "main"`), are no words the lexical channel
// looks for; the message is. A project's own exception class
// (`ConfigError`, `MissingSchema`) stays: few chunks raise it.

// platformPackage matches the packages of a runtime's own exceptions, as
// a JVM or .NET trace qualifies them.
var platformPackage = lazyre.New(`^(?:java|javax|kotlin|scala|System)\.`)

// builtinExceptions are the exceptions the languages' runtimes and
// standard libraries raise, as a trace prints them unqualified: by line,
// Python's, JavaScript's, the JVM's and .NET's.
var builtinExceptions = wordSet(`
Exception ValueError TypeError KeyError IndexError AttributeError RuntimeError AssertionError NotImplementedError OSError IOError FileNotFoundError ImportError ModuleNotFoundError ZeroDivisionError RecursionError UnicodeDecodeError UnicodeEncodeError LookupError NameError PermissionError TimeoutError ConnectionError StopIteration
Error RangeError ReferenceError SyntaxError
RuntimeException IllegalStateException IllegalArgumentException NullPointerException UnsupportedOperationException IndexOutOfBoundsException ArrayIndexOutOfBoundsException ClassCastException NumberFormatException ConcurrentModificationException NoSuchElementException ArithmeticException KotlinNullPointerException
ArgumentException ArgumentNullException ArgumentOutOfRangeException InvalidOperationException NotSupportedException NotImplementedException NullReferenceException FormatException KeyNotFoundException IndexOutOfRangeException InvalidCastException ObjectDisposedException
`)

// runtimeHeader matches what a runtime prints around an uncaught error
// whatever it is: the JVM's line before the exception's name, Rust's
// panic and its unwrap of an error (whose words, Result, unwrap, Err,
// value, are in every chunk handling one).
var runtimeHeader = lazyre.New("Exception in thread \"[^\"\\n]*\"|thread '[^'\\n]*' panicked at|called `(?:Result|Option)::(?:unwrap|expect|unwrap_err|expect_err)\\(\\)` on an? `(?:Err|Ok|None)` value")

// platformRaised reports an error line's exception type the runtime
// declares.
func platformRaised(name string) bool {
	return platformPackage().MatchString(name) || builtinExceptions[name]
}

// withoutPlatformRaised returns text with the runtime's exception types
// its error lines raise, and its headers (runtimeHeader), blanked for
// the lexical channel's words.
func withoutPlatformRaised(text string) string {
	if !strings.Contains(text, ": ") {
		return text
	}
	b := []byte(text)
	for _, m := range raisedType().FindAllStringSubmatchIndex(text, maxMessageLines) {
		for g := 2; g <= 4; g += 2 {
			if m[g] >= 0 && platformRaised(text[m[g]:m[g+1]]) {
				blankBytes(b[m[g]:m[g+1]])
			}
		}
	}
	for _, m := range runtimeHeader().FindAllStringIndex(text, maxMessageLines) {
		blankBytes(b[m[0]:m[1]])
	}
	return string(b)
}

// blankBytes writes spaces over b.
func blankBytes(b []byte) {
	for i := range b {
		b[i] = ' '
	}
}

// wordSet is the set of the words of s.
func wordSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(s) {
		out[w] = true
	}
	return out
}
