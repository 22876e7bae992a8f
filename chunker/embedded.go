package chunker

import (
	"bytes"
	"strings"
)

// Single-file components (Vue, Svelte) are markup whose code lives in
// <script> blocks. They are parsed by the script's own grammar over a copy
// of the file in which everything outside those blocks is blanked: byte
// offsets and lines stay the file's, so declarations, symbols and the
// graph need nothing of their own, and the template and styles between
// them are chunked by line windows like any text the grammar leaves out.
// No component grammar is linked (the release binary has little room),
// and the code is what gets parsed either way.

// scriptHosts are the languages whose code is in <script> blocks.
var scriptHosts = map[string]bool{"vue": true, "svelte": true}

// ScriptHost reports a file whose code is in <script> blocks (a Vue or
// Svelte component): the rest of it, its template, is not parsed.
func ScriptHost(path string) bool { return scriptHosts[Language(path, nil)] }

// hostedCode returns the language and text that a file in lang is parsed
// as: for a component, its scripts' language and the masked copy (nil when
// it has no script block); for any other file, lang and src themselves.
func hostedCode(lang string, src []byte) (string, []byte) {
	if !scriptHosts[lang] {
		return lang, src
	}
	blocks, scriptLang := scriptBlocks(src)
	if len(blocks) == 0 {
		return lang, nil
	}
	masked := make([]byte, len(src))
	for i, b := range src {
		if b == '\n' {
			masked[i] = '\n'
		} else {
			masked[i] = ' '
		}
	}
	for _, bl := range blocks {
		copy(masked[bl[0]:bl[1]], src[bl[0]:bl[1]])
	}
	return scriptLang, masked
}

// scriptBlocks finds the contents of a component's top-level <script>
// elements (byte ranges) and the language they are written in:
// "typescript" when one says lang="ts", "tsx" for lang="tsx", else
// "javascript". HTML comments are skipped; an unclosed script runs to the
// end of the file, as a browser reads it.
func scriptBlocks(src []byte) ([][2]int, string) {
	var blocks [][2]int
	scriptLang := "javascript"
	for i := 0; i < len(src); {
		j := bytes.IndexByte(src[i:], '<')
		if j < 0 {
			break
		}
		i += j
		if bytes.HasPrefix(src[i:], []byte("<!--")) {
			end := bytes.Index(src[i+4:], []byte("-->"))
			if end < 0 {
				break
			}
			i += 4 + end + 3
			continue
		}
		if !hasFoldPrefix(src[i:], "<script") || i+7 < len(src) && !isTagEnd(src[i+7]) {
			i++
			continue
		}
		open := bytes.IndexByte(src[i:], '>')
		if open < 0 {
			break
		}
		if l := attrLang(src[i : i+open]); l != "" {
			scriptLang = l
		}
		start := i + open + 1
		end := indexFold(src[start:], "</script")
		if end < 0 {
			blocks = append(blocks, [2]int{start, len(src)})
			break
		}
		blocks = append(blocks, [2]int{start, start + end})
		i = start + end + len("</script")
	}
	return blocks, scriptLang
}

// attrLang reads the script language a <script …> tag names, or "".
func attrLang(tag []byte) string {
	t := strings.ToLower(string(tag))
	for _, attr := range []string{"lang=", "type="} {
		k := strings.Index(t, attr)
		if k < 0 {
			continue
		}
		f := strings.Fields(t[k+len(attr):])
		if len(f) == 0 {
			continue
		}
		switch strings.Trim(f[0], `"'/`) {
		case "ts", "typescript", "text/typescript", "application/typescript":
			return "typescript"
		case "tsx":
			return "tsx"
		}
	}
	return ""
}

func isTagEnd(b byte) bool { return b == '>' || isSpace(b) || b == '/' }

func hasFoldPrefix(b []byte, prefix string) bool {
	return len(b) >= len(prefix) && strings.EqualFold(string(b[:len(prefix)]), prefix)
}

// indexFold is bytes.Index ignoring ASCII case, for a lowercase needle.
func indexFold(b []byte, needle string) int {
	for i := 0; i+len(needle) <= len(b); i++ {
		k := bytes.IndexByte(b[i:], needle[0])
		if k < 0 {
			return -1
		}
		i += k
		if hasFoldPrefix(b[i:], needle) {
			return i
		}
	}
	return -1
}
