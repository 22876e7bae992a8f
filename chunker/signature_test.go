package chunker

import (
	"strings"
	"testing"
)

// A declaration without a body is signed by its code line, after the
// annotations on lines of their own, and a parameter list that runs over
// several lines is whole; a Go group's `const (` stays as it is.
func TestSignaturesOfDeclarationsWithoutBody(t *testing.T) {
	for _, tc := range []struct {
		path, src, name, want string
	}{
		{"Call.kt", "interface Call {\n  @Throws(IOException::class)\n  fun execute(): Response\n\n  fun <T : Any> tag(\n    type: KClass<T>,\n    computeIfAbsent: () -> T,\n  ): T\n}\n",
			"execute", "@Throws(IOException::class) fun execute(): Response"},
		{"Call.kt", "interface Call {\n  @Throws(IOException::class)\n  fun execute(): Response\n\n  fun <T : Any> tag(\n    type: KClass<T>,\n    computeIfAbsent: () -> T,\n  ): T\n}\n",
			"tag", "fun <T : Any> tag( type: KClass<T>, computeIfAbsent: () -> T, ): T"},
		{"LogEvent.cs", "public class LogEvent\n{\n    [CLSCompliant(false)]\n    public ActivityTraceId? TraceId { get; }\n}\n",
			"TraceId", "[CLSCompliant(false)] public ActivityTraceId? TraceId { get; }"},
		{"c.go", "package c\n\nconst (\n\ta = 1\n\tb = 2\n)\n", "a, b", "const ("},
		{"Response.kt", "class Response internal constructor(\n  /** The request that initiated this response. */\n  val request: Request, // see http://x\n  val url: String = \"http://example.com\",\n) {\n  fun body() = 1\n}\n",
			"Response", `class Response internal constructor( val request: Request, val url: String = "http://example.com", )`},
		{"Response.kt", "class Response {\n  @JvmName(\"-deprecated_code\")\n  @Deprecated(\n    message = \"" + strings.Repeat("moved to val ", 20) + "\",\n    level = DeprecationLevel.ERROR,\n  )\n  fun code(): Int = 1\n}\n",
			"code", "fun code(): Int"},
		{"Call.kt", "interface Call {\n  @Deprecated(\n    message = \"use execute\",\n  )\n  fun run(): Response\n}\n",
			"run", `@Deprecated( message = "use execute", ) fun run(): Response`},
		{"Log.cs", "public interface ILog\n{\n    [Obsolete(\n        \"use Write\")]\n    void Emit(LogEvent e);\n}\n",
			"Emit", `[Obsolete( "use Write")] void Emit(LogEvent e);`},
		{"Named.java", "interface Named {\n  @Nullable String name();\n  String other();\n}\n",
			"name", "@Nullable String name();"},
	} {
		got := ""
		for _, s := range Symbols(tc.path, []byte(tc.src)) {
			if s.Name == tc.name {
				got = s.Signature
			}
		}
		if got != tc.want {
			t.Errorf("%s %s: signature %q, want %q", tc.path, tc.name, got, tc.want)
		}
	}
}
