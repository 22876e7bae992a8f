package chunker

import (
	"strings"
	"sync"
)

// builtinMemberNames are, per dynamically typed language (and per language
// inferring its types), the methods of
// its own strings, lists, maps, sets and promises. The graph records a
// member use by name, and where nothing states the receiver's type
// (parts.append(x), names.join(", "), list.push(x)) such a use is almost
// always of the language's own type, not of the one class in the
// repository that happens to declare a method of that name
// (_StreamBuffer.append), which would otherwise collect every list's
// appends. Only names that the built-ins own are listed: a get, set, map,
// filter, each or read is as often a library's own API (express's
// app.set, jQuery's find, requests' Session.get, a stream's read) as a
// built-in's. Statically typed languages state their receivers' types.
var builtinMemberNames = map[string]string{
	"python": "append extend insert items keys values setdefault popitem discard issubset issuperset " + // list, dict, set
		"join split rsplit splitlines strip lstrip rstrip replace format startswith endswith find rfind " + // str
		"lower upper encode decode partition rpartition ljust rjust zfill " +
		"isdigit isalpha isalnum isspace isupper islower title capitalize casefold",
	"javascript": "push unshift splice concat join indexOf lastIndexOf includes forEach " + // Array
		"split replace replaceAll trim trimStart trimEnd toLowerCase toUpperCase startsWith endsWith " + // String
		"charAt charCodeAt codePointAt substring substr match matchAll padStart padEnd repeat localeCompare " +
		"then catch finally " + // Promise
		"toString valueOf hasOwnProperty call apply bind test exec",
	"ruby": "push join split strip lstrip rstrip gsub sub downcase upcase start_with? end_with? include? key? " +
		"flatten compact uniq empty? freeze dup nil? is_a? respond_to? send",
	"lua": "sub gsub find match gmatch format rep byte lower upper len reverse",
	// Scala and Kotlin infer most receivers' types, so a use names no
	// type: these are their collections', options' and strings' own.
	"scala": "getOrElse foreach flatMap foldLeft foldRight mkString headOption lastOption toList toSeq toVector toMap toSet " +
		"nonEmpty isDefined zipWithIndex stripPrefix stripSuffix stripMargin",
	"kotlin": "let also takeIf takeUnless forEach mapNotNull filterNotNull orEmpty isNullOrEmpty isNullOrBlank joinToString " +
		"firstOrNull lastOrNull getOrElse getOrPut toMutableList toMutableMap trimIndent trimMargin removePrefix removeSuffix",
}

// builtinMembers is builtinMemberNames as sets, with TypeScript's the
// same as JavaScript's.
var builtinMembers = sync.OnceValue(func() map[string]map[string]bool {
	sets := map[string]map[string]bool{}
	for lang, names := range builtinMemberNames {
		set := map[string]bool{}
		for _, n := range strings.Fields(names) {
			set[n] = true
		}
		sets[lang] = set
	}
	sets["typescript"], sets["tsx"] = sets["javascript"], sets["javascript"]
	return sets
})

// BuiltinMember reports whether name is a method of a built-in type of
// language lang (a Python list's append, a JavaScript array's push), so
// that a use of it on a value of unknown type is the built-in's.
func BuiltinMember(lang, name string) bool {
	return builtinMembers()[lang][name]
}
