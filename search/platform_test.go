package search

import (
	"slices"
	"testing"
)

// The runtime's exception an error line raises, and the JVM's header, are
// no words the lexical channel looks for; a project's own exception is.
func TestPlatformExceptionsAreNoTerms(t *testing.T) {
	for text, want := range map[string]bool{
		`Exception in thread "main" java.lang.IllegalStateException: only a mutable property can have a setter`:            false,
		"ValueError: the key must be a non-empty string":                                                                   false,
		"System.InvalidOperationException: Sequence contains no elements":                                                  false,
		"loader.ConfigError: missing section [server]":                                                                     true,
		"The IllegalStateException is thrown when the pool is closed":                                                      true,  // no error line
		"thread 'main' panicked at src/main.rs:14:41:\ncalled `Result::unwrap()` on an `Err` value: shelf \"x\" not found": false, // Rust's panic and unwrap
	} {
		terms := ParseQuery(text).Terms
		has := slices.ContainsFunc(terms, func(s string) bool {
			switch s {
			case "illegalstateexception", "valueerror", "invalidoperationexception", "configerror", "thread", "unwrap", "panicked":
				return true
			}
			return false
		})
		if has != want {
			t.Errorf("%q: terms %v, want the exception's name among them: %v", text, terms, want)
		}
	}
}
