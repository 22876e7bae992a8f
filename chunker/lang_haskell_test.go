package chunker

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

const haskellQueue = `{-# LANGUAGE BangPatterns #-}
-- | A queue of two lists.
module Data.Queue
  ( Queue
  , empty
  , push
  ) where

import qualified Data.List as L

-- | A first-in first-out queue.
data Queue a = Queue { front :: [a], back, spare :: [a] }
  deriving (Show)

{- A block comment
empty :: Queue a  -- commented out, no declaration
-}

-- | The empty queue.
empty :: Queue a
empty = Queue [] []

-- | Adds to the back; "--" in a string and x' names are no comment.
push :: a -> Queue a -> Queue a
push x' (Queue f b) = check (Queue f (x' : b))
  where label = "-- not a comment"

check :: Queue a -> Queue a
check (Queue [] b) = Queue (L.reverse b) []
check q = q

(<+>) :: Queue a -> a -> Queue a
q <+> x = push x q

class Container f where
  -- | The elements, front first.
  toL :: f a -> [a]
  size :: f a -> Int
  size = length . toL

instance Container Queue where
  toL (Queue f b) = f ++ L.reverse b
`

func TestHaskellSymbols(t *testing.T) {
	got := outlineOf("Queue.hs", haskellQueue)
	want := `type Queue 11-13
constant Queue.Queue 12-12
field Queue.front 12-12
field Queue.back 12-12
field Queue.spare 12-12
function empty 19-21
function push 23-26
function check 28-30
function <+> 32-33
class Container 35-39
function Container.toL 36-37
function Container.size 38-39
instance Container Queue 41-42
function Container Queue.toL 42-42
`
	if got != want {
		t.Errorf("symbols:\n%s\nwant:\n%s", got, want)
	}
	syms := Symbols("Queue.hs", []byte(haskellQueue))
	if syms[0].Doc != "-- | A first-in first-out queue." || syms[0].Signature != "data Queue a" {
		t.Errorf("Queue: doc %q, signature %q", syms[0].Doc, syms[0].Signature)
	}
	if syms[6].Signature != "push :: a -> Queue a -> Queue a" || syms[8].Signature != "(<+>) :: Queue a -> a -> Queue a" {
		t.Errorf("signatures %q, %q", syms[6].Signature, syms[8].Signature)
	}
}

func TestHaskellGraph(t *testing.T) {
	refs := graphRefs(t, "Queue.hs", haskellQueue)
	for _, w := range []string{"call  check in push", "call n:L reverse in check", "type  Queue in empty",
		"import n:Data List in ", "call  push in <+>", "other  push in ", "other  empty in "} {
		if !refs[w] {
			t.Errorf("no reference %q in %v", w, refs)
		}
	}
	for r := range refs {
		if r == "type n:Data Queue in " {
			t.Errorf("the module's own name is no reference: %v", refs)
		}
	}
	src := "module M where\n\nimport qualified Data.Set as S\nimport Data.Map (Map, insert)\n" +
		"import {-# SOURCE #-} qualified Foo.Bar as FB hiding (x)\nimport \"containers\" Data.IntMap\n"
	a, err := Analyze("M.hs", []byte(src), Options{})
	if err != nil || a.Graph == nil {
		t.Fatal(err)
	}
	var got []string
	for _, im := range a.Graph.Imports {
		got = append(got, im.Name+"="+im.Path)
	}
	// An import list binds its names bare (Map and insert, as Python's
	// "from m import f"); a hiding list binds none.
	if want := []string{"S=Data.Set", "Data.Map=Data.Map", "Map=Data.Map.Map", "insert=Data.Map.insert", "FB=Foo.Bar", "Data.IntMap=Data.IntMap"}; !slices.Equal(got, want) {
		t.Errorf("imports %v, want %v", got, want)
	}
}

// A CPP line in the first column (`#if MIN_VERSION_ghc(9,11,0)`) is no
// new declaration: it sits inside the one around it. Nor does a comment
// between two equations end a function.
func TestHaskellCPPLinesAndCommentsInsideAFunction(t *testing.T) {
	src := "module Rules where\n\ngetDef :: Int -> Int\ngetDef x =\n#if MIN_VERSION_ghc(9,11,0)\n  x + 1\n#else\n  x + 2\n#endif\n\nresponsible :: Int -> Bool\nresponsible 0 = True\n-- the other cases\n-- are false\nresponsible _ = False\n\nnext :: Int\nnext = 1\n"
	var got []string
	for _, s := range Symbols("Rules.hs", []byte(src)) {
		got = append(got, s.Name+":"+itoa(s.StartLine)+"-"+itoa(s.EndLine))
	}
	want := []string{"getDef:3-9", "responsible:11-15", "next:17-18"}
	if !slices.Equal(got, want) {
		t.Errorf("outline %v, want %v", got, want)
	}
}

// A type signature whose type takes lines of its own (`define\n  ::
// IdeRule k v\n  => …`) is the whole signature, not the name alone.
func TestHaskellSignatureAcrossLines(t *testing.T) {
	src := "module M where\n\ndefine\n    :: IdeRule k v\n    => Recorder Log\n    -> Rules ()\ndefine recorder = go recorder\n\nshort :: Int -> Int\nshort x = x\n"
	got := map[string]string{}
	for _, s := range Symbols("Shake.hs", []byte(src)) {
		got[s.Name] = s.Signature
	}
	if got["define"] != "define :: IdeRule k v => Recorder Log -> Rules ()" || got["short"] != "short :: Int -> Int" {
		t.Errorf("signatures %q", got)
	}
}

// A Haddock comment documents the declaration after it across a blank
// line, as Haddock reads it; a plain comment a blank line parts from a
// declaration does not.
func TestHaddockAcrossABlankLine(t *testing.T) {
	src := "module M (fromListWith, size) where\n\n-- | Build a map from a list of key/value pairs.\n-- Slow if the combining function is not chosen well.\n\n" +
		"fromListWith :: (a -> a -> a) -> [(Int, a)] -> [(Int, a)]\nfromListWith _ xs = xs\n\n-- Internal note.\n\nsize :: [a] -> Int\nsize = length\n"
	docs := map[string]string{}
	for _, s := range Symbols("M.hs", []byte(src)) {
		docs[s.Name] = s.Doc
	}
	if !strings.HasPrefix(docs["fromListWith"], "-- | Build a map") {
		t.Errorf("fromListWith's doc is %q, want the Haddock comment above it", docs["fromListWith"])
	}
	if docs["size"] != "" {
		t.Errorf("size's doc is %q, want none", docs["size"])
	}
}

// A data declaration's constructors are declarations under their type,
// each signed by its own alternative; record fields stay fields.
func TestHaskellConstructors(t *testing.T) {
	src := "module T where\n\ndata Tree = Leaf | Node Tree Int Tree\n\nnewtype Wrap = Wrap { unwrap :: Int }\n\ndata Pair = Pair (Maybe Int) [Int]\n"
	var got []string
	for _, s := range Symbols("T.hs", []byte(src)) {
		got = append(got, s.Qualified()+" "+s.Kind+" "+s.Signature)
	}
	want := []string{"Tree type data Tree", "Tree.Leaf constant Leaf", "Tree.Node constant Node Tree Int Tree",
		"Wrap type newtype Wrap", "Wrap.Wrap constant Wrap { unwrap :: Int }", "Wrap.unwrap field unwrap :: Int",
		"Pair type data Pair", "Pair.Pair constant Pair (Maybe Int) [Int]"}
	if !slices.Equal(got, want) {
		t.Errorf("outline\n%q, want\n%q", got, want)
	}
}

// A record's fields are read past the Haddock comments between their "{"
// or "," and their names, each signed up to the "," or "}" that ends it;
// an existential's constructor follows its context.
func TestHaskellRecordFieldsAfterHaddock(t *testing.T) {
	src := "module Rec where\n\ndata Box = forall a. Show a => Box a\n\ndata Store = Store\n    { -- | All items are stored on the filesystem\n      storeDirectory  :: FilePath\n    , -- | See 'set'\n      storeWriteAhead :: Int\n      -- | Optionally kept in memory\n    , storeMap        :: Maybe (Map String\n                                  Int)\n    }\n"
	var got []string
	for _, s := range Symbols("Rec.hs", []byte(src)) {
		got = append(got, s.Qualified()+" "+s.Kind+" "+s.Signature)
	}
	want := []string{"Box type data Box", "Box.Box constant Box a", "Store type data Store", "Store.Store constant Store",
		"Store.storeDirectory field storeDirectory :: FilePath", "Store.storeWriteAhead field storeWriteAhead :: Int",
		"Store.storeMap field storeMap :: Maybe (Map String Int)"}
	if !slices.Equal(got, want) {
		t.Errorf("outline\n%q, want\n%q", got, want)
	}
}

// A pattern synonym is named after `pattern`, its signature and definition
// one declaration; a foreign import by the name before its signature,
// past the calling convention and the entity's string; a name MagicHash
// lets end in # keeps it.
func TestHaskellPatternsForeignImportsAndMagicHash(t *testing.T) {
	src := "{-# LANGUAGE MagicHash, PatternSynonyms #-}\nmodule Ffi where\n\ndata Pair = MkPair Int Int\n\n" +
		"pattern Both :: Int -> Pair\npattern Both x <- MkPair x _ where\n  Both x = MkPair x x\n\n" +
		"pattern (:>) :: Int -> Int -> Pair\npattern x :> y = MkPair x y\n\n" +
		"foreign import ccall unsafe \"string.h strlen\" c_strlen\n    :: CString -> IO CSize\n\n" +
		"plusOne# :: Int# -> Int#\nplusOne# x = x +# 1#\n"
	var got []string
	for _, s := range Symbols("Ffi.hs", []byte(src)) {
		got = append(got, fmt.Sprintf("%s %s %d-%d", s.Qualified(), s.Kind, s.StartLine, s.EndLine))
	}
	want := []string{"Pair type 4-4", "Pair.MkPair constant 4-4", "Both constant 6-8", ":> constant 10-11", "c_strlen function 13-14", "plusOne# function 16-17"}
	if !slices.Equal(got, want) {
		t.Errorf("outline\n%q, want\n%q", got, want)
	}
}
