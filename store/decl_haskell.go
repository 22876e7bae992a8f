package store

import "strings"

// haskellDeclTier is the tier of the occurrence of name at byte pos of a
// Haskell line, which declares most names without a keyword: 3 for a
// top-level function's signature or equation ("showsTree :: …",
// "pullR s pr m = …", "withBar, withEmpty :: …") and for a type the line
// opens ("data Digit a", "newtype Id a", "class (Eq a) => Container f"), 2
// for a signature inside a class, a record's field or a GADT's
// constructor ("{ rootLabel :: a", ", subForest :: [Tree a]"), 0 for a
// use. A prime continues the name (foldlMap1' is not foldlMap1).
func haskellDeclTier(line string, pos int, name string) int {
	end := pos + len(name)
	if end < len(line) && line[end] == '\'' || CommentLine(strings.TrimLeft(line, " \t")) {
		return 0
	}
	before, rest := line[:pos], strings.TrimLeft(line[end:], " \t")
	signature := strings.HasPrefix(rest, "::")
	prev := strings.TrimSpace(before)
	if signature && (strings.HasSuffix(prev, "{") || strings.HasSuffix(prev, ",") && !signatureList(before)) {
		return 2 // a record's field: "newtype Elem a = Elem { getElem :: a }"
	}
	if strings.TrimLeft(before, " \t") != before { // indented
		if signature && prev == "" {
			return 2
		}
		return 0
	}
	switch {
	case before == "":
		// Top-level lines that start with a lower-case name are its
		// signature or one of its equations; a type's name is capitalised
		// and follows its keyword.
		if c := name[0]; 'a' <= c && c <= 'z' || c == '_' {
			return 3
		}
	case signature && signatureList(before):
		return 3
	default:
		fields := strings.Fields(before)
		switch fields[len(fields)-1] {
		case "data", "newtype", "type", "family", "class", "=>":
			if haskellTypeKeywords[fields[0]] {
				return 3
			}
		}
	}
	return 0
}

// haskellTypeKeywords open a line that declares a type or a class.
var haskellTypeKeywords = map[string]bool{"data": true, "newtype": true, "type": true, "class": true}

// signatureList reports the names before the last of a signature that
// declares several ("withBar, withEmpty :: [String] -> [String]").
func signatureList(before string) bool {
	names, ok := strings.CutSuffix(strings.TrimSpace(before), ",")
	if !ok {
		return false
	}
	for _, f := range strings.Split(names, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			return false
		}
		for i := 0; i < len(f); i++ {
			if !isIdentByte(f[i]) && f[i] != '\'' {
				return false
			}
		}
	}
	return true
}
