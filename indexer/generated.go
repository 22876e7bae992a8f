package indexer

// generatedRules are the files tools write for machines rather than people:
// package managers' lock files (hundreds of kilobytes of names, versions
// and hashes), vector images drawing tools export, bundlers' source
// maps, the wrapper scripts Gradle and Maven write into a project
// (gradlew, mvnw: shell and batch boilerplate matching any question
// about a build or a path) and the copies editors, patch and merge tools
// leave beside a file (`stiface.go.bak`, `.orig`, `.rej`, `~`), which
// answer for the file they copy, out of date, and the `.meta` sidecar
// Unity writes beside every asset and script (a GUID and importer
// settings, which answered class-name questions with `Channel.cs.meta`). Indexed, they cost
// embedding time and surface in results for any query naming a dependency
// or a colour; GitHub's linguist counts them as generated for the same
// reason. They are ignore rules in .gitignore syntax that name files
// (never a directory of the same name), applied before .git/info/exclude
// and every ignore file of the tree, so a line such as "!Cargo.lock" in a
// .codeseekignore indexes one again.
const generatedRules = `
package-lock.json
npm-shrinkwrap.json
yarn.lock
pnpm-lock.yaml
bun.lock
deno.lock
Cargo.lock
go.sum
go.work.sum
poetry.lock
Pipfile.lock
pdm.lock
uv.lock
composer.lock
Gemfile.lock
mix.lock
pubspec.lock
Podfile.lock
Package.resolved
packages.lock.json
gradle.lockfile
flake.lock
conan.lock
*.svg
*.js.map
*.mjs.map
*.cjs.map
*.css.map
*.ts.map
gradlew
gradlew.bat
mvnw
mvnw.cmd
*.bak
*.orig
*.rej
*~
*.meta
`

// builtinRules parses generatedRules, marking each rule as built in so
// that what it excludes is reported as generated, not as ignored.
func builtinRules() []ignoreRule {
	rules := parseIgnoreFile([]byte(generatedRules), "")
	for i := range rules {
		rules[i].builtin = true
	}
	return rules
}
