package search

import (
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
)

// A stack trace names the methods the compiler wrote for a lambda, an
// async method or a local function, not the ones in the source: .NET's
// `ReflectionActivator.<>c__DisplayClass14_0.<UseSingleConstructorActivation>b__0`
// and `Disposer.<DisposeAsync>d__9.MoveNext`, Java's
// `Bar.lambda$run$0`, Kotlin's `Bar.run$lambda$0`. Each is written in
// the method that holds it, so the frame is read as that method's: its
// name is what the source declares, and `MoveNext`, `b__0` or
// `c__DisplayClass14_0` would match other code or nothing.

// compilerMethod matches a compiler-written method's name in a frame;
// the group that matched is the source method's name.
var compilerMethod = lazyre.New(`(?:<>c(?:__DisplayClass\w*)?\.)?<(\w+)>(?:d__\d+\.MoveNext|[bg]__[\w|]*)|\blambda\$(\w+)\$\d+|\b(\w+)\$lambda[$-]\d+`)

// withSourceMethods returns text with the compiler-written methods its
// frames name replaced by the source methods holding them.
func withSourceMethods(text string) string {
	if !strings.Contains(text, "__") && !strings.Contains(text, "lambda") {
		return text
	}
	return compilerMethod().ReplaceAllStringFunc(text, func(m string) string {
		for _, g := range compilerMethod().FindStringSubmatch(m)[1:] {
			if g != "" {
				return g
			}
		}
		return m
	})
}
