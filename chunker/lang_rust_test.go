package chunker

import (
	"strings"
	"testing"
)

const rustInlineTests = `pub fn eta(done: u64, rate: u64) -> u64 {
    done / rate
}

#[cfg(test)]
fn fixture() -> u64 {
    7
}

#[cfg(test)]
mod tests {
    use super::*;

    fn helper() -> u64 {
        3
    }

    #[test]
    fn eta_divides() {
        assert_eq!(eta(6, helper()), 2);
    }

    #[tokio::test]
    // awaits nothing yet
    async fn eta_async() {
        assert_eq!(eta(4, 2), 2);
    }

    #[test_case(8, 4)]
    fn eta_cases(a: u64, b: u64) {
        assert_eq!(eta(a, b), 2);
    }
}
`

// A Rust test sits beside the code it tests; marked by its attribute, it
// is a test (ranked as a test file's function is), and the helpers and
// functions around it, `#[cfg(test)]` ones too, stay functions.
func TestRustTestFunctionsAreTests(t *testing.T) {
	got := outlineOf("src/eta.rs", rustInlineTests)
	for _, want := range []string{"function eta 1-3", "function fixture 5-8", "function helper 14-16", "test eta_divides 18-21",
		"test eta_async 23-27", "test eta_cases 29-32"} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("outline lacks %q:\n%s", want, got)
		}
	}
}

// A module compiled for tests alone is a test too, however its cfg says
// so; a module compiled for a feature is not.
func TestRustTestModulesAreTests(t *testing.T) {
	src := "#[cfg(test)]\nmod tests {\n    fn a() {}\n}\n\n#[cfg(all(test, feature = \"tls\"))]\nmod tls_tests {\n    fn b() {}\n}\n\n" +
		"#[cfg(feature = \"tls\")]\nmod tls {\n    fn c() {}\n}\n"
	got := outlineOf("src/conn.rs", src)
	for _, want := range []string{"test tests 1-4", "test tls_tests 6-9", "module tls 11-14"} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("outline lacks %q:\n%s", want, got)
		}
	}
}

// An impl is named for the type it implements for, past a reference and
// its generics, as the graph and ctags scope its methods.
func TestRustImplNames(t *testing.T) {
	src := `pub trait Shelve {
    fn shelve(&self) -> u8;
}

impl<T: Clone> Shelve for &T {
    fn shelve(&self) -> u8 { 1 }
}

impl<'a> Shelve for &'a mut Crate<'a, u8> {
    fn shelve(&self) -> u8 { 3 }
}
`
	got := outlineOf("src/shelve.rs", src)
	for _, want := range []string{"impl T 5-7", "method T.shelve 6-6", "impl Crate 9-11", "method Crate.shelve 10-10"} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("outline lacks %q:\n%s", want, got)
		}
	}
}

// A function nested in another, unsafe, const or extern too, and in a
// test, is listed under it.
func TestRustNestedFunctions(t *testing.T) {
	src := `pub fn outer(x: u32) -> u32 {
    #[inline]
    unsafe fn doubled(y: u32) -> u32 {
        y * 2
    }
    unsafe { doubled(x) }
}

#[test]
fn shelves_double() {
    const unsafe fn check() -> bool {
        true
    }
    assert!(unsafe { check() });
}
`
	var got []string
	for _, s := range Outline("src/outer.rs", []byte(src)) {
		got = append(got, s.Kind+" "+s.Qualified())
	}
	want := "function outer|function outer.doubled|test shelves_double|function shelves_double.check"
	if strings.Join(got, "|") != want {
		t.Errorf("outline %q, want %q", strings.Join(got, "|"), want)
	}
}
