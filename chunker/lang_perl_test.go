package chunker

import (
	"strings"
	"testing"
)

const perlShelf = `#!/usr/bin/env perl
use strict;
use warnings;
use File::Spec::Functions qw(catfile);

package Shelf::Stock;

my %limits = (
    "small" => 4,
    "large" => { max => 12, note => "a (bracket) in a string" },
);

# Returns how many items fit on a shelf of the given size.
sub capacity {
    my ($size) = @_;
    if ($size eq "large") {
        return $limits{large}{max};
    }
    return $limits{$size} // 0;
}

=head2 restock

Fills the shelf up to its capacity.

=cut

sub restock {
    my ($shelf) = @_;
    push @{$shelf->{items}}, "item" while @{$shelf->{items}} < capacity($shelf->{size});
}

sub Shelf::Audit::report { return "ok" }

print restock({ size => "small", items => [] }), "\n";

__END__

=head1 NAME

shelf - stock shelves
`

// A Perl file is code: its subroutines are functions named under their
// package, with the comment or POD above them as their doc, its tables
// variables, and its `use` lines imports; what follows __END__ is none.
func TestPerlOutline(t *testing.T) {
	if lang := Language("tools/stock", []byte(perlShelf)); lang != "perl" {
		t.Fatalf("a perl first line reads as %q", lang)
	}
	for _, p := range []string{"lib/Shelf.pm", "bin/stock.pl", "t/stock.t"} {
		if lang := Language(p, nil); lang != "perl" {
			t.Errorf("%s reads as %q", p, lang)
		}
	}
	got := outlineOf("lib/Shelf/Stock.pm", perlShelf)
	for _, want := range []string{"module Shelf::Stock 6-6", "var Shelf::Stock.%limits 8-11", "function Shelf::Stock.capacity 13-20",
		"function Shelf::Stock.restock 22-31", "function Shelf::Audit.report 33-33"} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("outline lacks %q:\n%s", want, got)
		}
	}
	for _, s := range Symbols("lib/Shelf/Stock.pm", []byte(perlShelf)) {
		if s.Name == "restock" && !strings.Contains(s.Doc, "Fills the shelf") {
			t.Errorf("restock's doc %q, want its POD", s.Doc)
		}
		if s.Name == "capacity" && !strings.Contains(s.Doc, "how many items fit") {
			t.Errorf("capacity's doc %q, want its comment", s.Doc)
		}
	}
	var named []string
	for _, c := range Split("lib/Shelf/Stock.pm", []byte(perlShelf), Options{MaxTokens: 60}) {
		named = append(named, c.Symbol)
		if strings.Contains(c.Content, "sub restock") && !strings.Contains(c.Symbol, "restock") {
			t.Errorf("the chunk of restock is named %q", c.Symbol)
		}
	}
	if g := GraphOf("lib/Shelf/Stock.pm", []byte(perlShelf)); g == nil || len(g.Imports) != 3 || g.Imports[2].Path != "File::Spec::Functions" {
		t.Errorf("imports %+v, want strict, warnings and File::Spec::Functions", g)
	}
}
