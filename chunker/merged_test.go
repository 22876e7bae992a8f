package chunker

import "testing"

// A merged chunk of a namespace's opening and its first members is about
// the members.
func TestMergedChunkLeavesOutItsNamespace(t *testing.T) {
	src := []byte(`namespace Shop
{
    public enum Status { Open, Paid }

    public class Order
    {
        public int Total(int a, int b)
        {
            var sum = a + b;
            return sum * 2 + a - b;
        }

        public int Count(int a, int b)
        {
            var sum = a - b;
            return sum * 3 + a + b;
        }
    }
}
`)
	chunks := Split("Order.cs", src, Options{MaxTokens: 40})
	if len(chunks) < 2 {
		t.Fatalf("%d chunks, want the namespace opened", len(chunks))
	}
	if c := chunks[0]; c.Symbol != "Status" || c.SymbolKind != "enum" {
		t.Errorf("first chunk %q (%s), want Status (enum)", c.Symbol, c.SymbolKind)
	}
}
