package pathclass

import "testing"

func TestOf(t *testing.T) {
	for _, tc := range []struct {
		path string
		want Class
	}{
		{"net/http/server.go", 0},
		{"net/http/server_test.go", Test},
		{"src/test/java/org/FooTest.java", Test},
		{"src/main/java/org/Latest.java", 0},
		{"Src/AutoFixtureUnitTest/Kernel/Scenario.cs", Test},
		{"Src/AutoFixture.xUnit.UnitTest/DataAttribute.cs", Test},
		{"Src/IdiomsUnitTest/GuardClauseAssertionTest.Generics.cs", Test},
		{"Src/Idioms/GuardClauseAssertion.Generics.cs", 0},
		{"ShelfUITests/LaunchTests.swift", Test},
		{"Sources/ABTest/Variant.swift", 0},
		{"Sources/Latest/Feed.swift", 0},
		{"caddytest/integration/caddyfile_adapt/bind_ipv6.caddyfiletest", Test},
		{"test/select1.test", Test},
		{"Zend/tests/closure_001.phpt", Test},
		{"src/__snapshots__/render.tsx.snap", Test},
		{"internal/render/expect.golden", Test},
		{"releases/app.latest", 0},
		{"notes/ideas.contest", 0},
		{"src/main/java/com/squareup/javapoet/MethodSpec.java", 0}, // a model of a method, not a Spock spec
		{"src/main/kotlin/app/ParserTest.kt", 0},                   // the main source set ships it
		{"javapoet/TypeSpec.java", 0},
		{"src/test/groovy/app/ParserSpec.groovy", Test},
		{"Tests/ParserSpec.swift", Test},
		{"src/ParserSpec.scala", Test},
		{"features/steps/mongrel_helper.rb", Test},
		{"features/support/env.rb", Test},
		{"features/step_definitions/auth.rb", Test},
		{"src/login.steps.ts", Test},
		{"features/digest_auth.feature", Test},
		{"src/features/auth/authSlice.ts", 0}, // a feature of the app, not a scenario
		{"_site/readme/index.html", Generated},
		{"src/AutoMapper.UnitTests/Projection/NullChecks.cs", Test},
		{"src/Lib.Tests/WidgetFacts.cs", Test},
		{"src/Foo.Specs/Steps.cs", Test},
		{"src/IntegrationTests/MaxDepth/NavigationPropertySO.cs", Test},
		{"src/AutoMapper/Configuration/MapperConfiguration.cs", 0},
		{"docs/_build/html/api.html", Generated},
		{"packages/vitest/src/runner.spec.ts", Test},
		{"examples/basic/main.go", Example},
		{"vendor/github.com/x/y.go", Vendored},
		{"internal/poll/fd_windows.go", Platform},
		{"Cargo.toml", Config},
		{"types/index.d.ts", TypeStub},
		{"pkg/__init__.py", Barrel},
		{"api/v1/types.pb.go", Generated},
		{"lib/compat/shim.js", Legacy},
		{"benches/throughput.rs", Benchmark},
		{"mocks/store.go", Mock},
		{"test-data/unit/check-narrowing.test", Test},
		{"src/testing/testing.go", Test},
		{"third_party/zlib/inflate.c", Vendored},
		{"mypy/typeshed/stdlib/builtins.pyi", TypeStub},
		{"integration_test/cases/repo.exs", Test},
		{"example/integration-tests/app.dart", Test | Example},
		{"lib/src/user.g.dart", Generated},
		{"lib/src/user.freezed.dart", Generated},
		{"lib/src/user.dart", 0},
		{"src/App/MainPage.g.cs", Generated},
		{"src/App/Form1.Designer.cs", Generated},
		{"src/grammar/expr.g4", 0},
		{".editorconfig", Config},
		{"packages/app/.eslintrc.js", Config},
		{"Serilog.sln.DotSettings", Config},
		{"src/.hidden/util.go", 0},
		{"docs/js/typeahead.jquery.js", Generated},
		{"docs/src/components/bloc/CounterBloc.astro", Example}, // a documentation site's snippets
		{"packages/bloc_test/lib/src/bloc_test.dart", 0},        // a Dart package's library, below lib/
		{"packages/bloc/test/bloc_test.dart", Test},
		{"website/src/theme/Footer.tsx", Example},
		{"docs/conf.py", 0},
		{"dist/axios.js", Generated},
		{"index.d.cts", TypeStub},
		{"lib/plug/adapters/test/conn.ex", 0},
		{"lib/plug/test.ex", 0},
		{"lua/shelf/test_harness.lua", 0}, // a Neovim plugin's test runner
		{"t/pipe.t", Test},
		{"src/shelf/testing/client.py", 0}, // a package's test client
		{"src/shelf/tests/test_client.py", Test},
		{"src/testing/client.py", Test},
		{"configure.ac", Config},
		{"src/Shelf/xlf/Resources.de.xlf", Config}, // a message catalog
		{"priv/gettext/de/LC_MESSAGES/default.po", Config},
		{"src/external/serde_support.rs", 0},
		{"src/Shelf.Unity/Assets/Packages/System.Collections.Immutable.6.0.0/lib/netstandard2.0/System.Collections.Immutable.dll.cs", Vendored},
		{"packages/shelf-core/src/store.ts", 0}, // a monorepo's own package
		{"packages/vue3.2/src/store.ts", 0},
		{"external/googletest/src/gtest.cc", Vendored},
		{"pipe.t", Test},
		{"sig/shelf.rbs", TypeStub},
		{"rbi/shelf.rbi", TypeStub},
		{"lib/shelf/test_harness.rb", 0},
		{"lib/shelf/test_rows.py", Test},
		{"tests/test_harness.lua", Test},
		{"lua/shelf/rows_spec.lua", Test},
		{"src/webkit/test.py", 0},
		{"regress/new-session-size.sh", Test},
		{"ext/dynblock/expand_spec.go", 0},
		{"spec/models/user_spec.rb", Test},
		{"lua/plugin_spec.lua", Test},
		{"sbt-app/src/sbt-test/actions/compile/build.sbt", Test | Config},
		{"packages/playground-file-based/src/pages/users.vue", Example},
		{"packages/examples-basic/main.ts", Example},
		{"packages/demo-app/app.ts", Example},
		{"packages/router/src/example-routes.ts", 0},
		{"packages/docs/.vitepress/config.ts", Config},
		{"regress/conf/a.conf", Test},
		{"src/regression.c", 0},
		{"interop/meta/src/main/kotlin/com/acme/meta/specs/MetaSpecs.kt", 0},
		{"interop/meta/src/test/kotlin/com/acme/meta/specs/MetaSpecsTest.kt", Test},
		{"packages/runner/src/runners/test.ts", 0},
		{"src/test.py", Test},
		{"src/test.c", Test},
		{"tokio/src/fs/file/tests.rs", Test},
		{"webkit/tests/test.py", Test},
		{"lib/plug/conn_test.exs", Test},
		{"test/plug/conn_test.exs", Test},
		{"crates/searcher/src/testutil.rs", Test},
		{"containers-tests/test-utils/Utils.hs", Test},
		{"docs/engine.io-protocol/v4-test-suite/test-suite.js", Test},
		{"protocol/test-suite.js", Test},
		{"src/main/java/junit/framework/TestSuite.java", 0},
		{"gcc/testsuite/gcc.dg/pr123.c", Test},
		{"vendored_parsers/tree-sitter-cmake/grammar.js", Vendored},
		{"third_party_parsers/tree-sitter-elm/grammar.js", Vendored},
		{"src/vendor_portal/orders.go", 0},
		{"fuzzers/corpora/objects/2f7bd9d6", Mock},
		{"os/zip/src/os/shaded_org_apache_tools_zip/PermissionUtils.java", Vendored},
		{"docs/_static/searchtools.js", Generated},
		{"docs/api/client.md", 0},
		{"src/assets/app.js", 0},
	} {
		if got := Of(tc.path); got != tc.want {
			t.Errorf("Of(%q) = %b, want %b", tc.path, got, tc.want)
		}
	}
}

func TestLegalFiles(t *testing.T) {
	for p, want := range map[string]bool{
		"LICENSE": true, "LICENSE.md": true, "LICENSE-MIT": true, "COPYING.LESSER": true, "NOTICE.txt": true,
		"static/fonts/Material-Icons.LICENSE": true, "third_party/zlib/LICENCE": true,
		"license.go": false, "pkg/licenses/scan.py": false, "notice_board.md": false, "licenses.txt": false,
	} {
		if got := Of(p)&Legal != 0; got != want {
			t.Errorf("Of(%q) legal = %v, want %v", p, got, want)
		}
	}
}

func TestEndToEndAndCIDirectories(t *testing.T) {
	for p, want := range map[string]Class{
		"frontend/cypress/support/commands.js":      Test,
		"e2e_playwright/st_button.py":               Test,
		"e2e-tests/login.spec.ts":                   Test,
		"packages/pinia/test-dts/store.test-d.ts":   Test,
		"src/types/store.test-d.ts":                 Test,
		"packages/playground/src/stores/counter.ts": Example,
		"packages/testing/src/testing.ts":           0, // a library the monorepo ships for testing
		"packages/testing/tests/testing.spec.ts":    Test,
		"packages/nuxt/playground/app.vue":          Example,
		".github/scripts/build_info.py":             Config,
		"lib/streamlit/elements/widgets/button.py":  0,
		"e2eutil/helpers.go":                        0,
	} {
		if got := Of(p) & (Test | Config | Example); got != want {
			t.Errorf("Of(%q) = %v, want %v", p, got, want)
		}
	}
}
