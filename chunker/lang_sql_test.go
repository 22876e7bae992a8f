package chunker

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

const postgresMigration = `-- Migration 0001: accounts and their orders.

BEGIN;

CREATE EXTENSION IF NOT EXISTS "pgcrypto";

-- Users of the application; one row a login.
-- Emails are unique, case-insensitively.
CREATE TABLE public.users (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email text NOT NULL, -- "login; never shown"
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS users_email_idx ON public.users (lower(email));

CREATE TYPE billing.order_status AS ENUM ('new', 'paid; settled', 'void');

/* Orders placed by users. */
CREATE TABLE billing."Orders" (
    id bigserial PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES public.users(id) ON DELETE CASCADE,
    status billing.order_status NOT NULL DEFAULT 'new',
    total numeric(12, 2) NOT NULL
);

ALTER TABLE billing."Orders" ADD CONSTRAINT total_positive CHECK (total >= 0);

-- Sums a user's paid orders.
CREATE OR REPLACE FUNCTION billing.user_total(uid uuid) RETURNS numeric
LANGUAGE plpgsql STABLE AS $$
DECLARE
    result numeric;
BEGIN
    SELECT coalesce(sum(total), 0) INTO result
      FROM billing."Orders" o
     WHERE o.user_id = uid AND o.status = 'paid; settled';
    RETURN result; -- done; really
END;
$$;

CREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN NEW.updated_at := now(); RETURN NEW; END;
$body$;

CREATE TRIGGER users_touch BEFORE UPDATE ON public.users
    FOR EACH ROW EXECUTE FUNCTION touch();

CREATE MATERIALIZED VIEW billing.revenue AS
SELECT date_trunc('month', created_at) AS month, sum(total)
FROM billing."Orders" JOIN public.users u ON u.id = user_id
GROUP BY 1;

COMMIT;
`

// symbolLines renders symbols as kind parent.name start-end.
func symbolLines(syms []Symbol) []string {
	var out []string
	for i, s := range symbolList(syms) {
		out = append(out, s+" "+itoa(syms[i].StartLine)+"-"+itoa(syms[i].EndLine))
	}
	return out
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func TestSQLPostgresMigration(t *testing.T) {
	syms := Symbols("db/migrations/0001_init.sql", []byte(postgresMigration))
	want := []string{
		"extension pgcrypto 5-5",
		"table public.users 7-13", // the comment block above is the table's
		"index users_email_idx 15-15",
		"type billing.order_status 17-17",
		"table billing.Orders 19-25",
		"function billing.user_total 29-40", // one statement: the ; in $$ end nothing
		"function touch 42-44",
		"trigger users_touch 46-47",
		"view billing.revenue 49-52", // a materialized view is a view
	}
	if got := symbolLines(syms); !reflect.DeepEqual(got, want) {
		t.Fatalf("symbols:\n got %q\nwant %q", got, want)
	}
	users, fn := syms[1], syms[5]
	if users.Doc != "-- Users of the application; one row a login.\n-- Emails are unique, case-insensitively." {
		t.Errorf("users doc %q", users.Doc)
	}
	if users.Signature != "CREATE TABLE public.users" {
		t.Errorf("users signature %q, want the first line without its (", users.Signature)
	}
	if syms[4].Doc != "/* Orders placed by users. */" || syms[4].Name != "Orders" {
		t.Errorf("quoted table: name %q doc %q", syms[4].Name, syms[4].Doc)
	}
	if fn.Signature != "CREATE OR REPLACE FUNCTION billing.user_total(uid uuid) RETURNS numeric" || fn.Doc != "-- Sums a user's paid orders." {
		t.Errorf("function signature %q doc %q", fn.Signature, fn.Doc)
	}

	src := []byte(postgresMigration)
	chunks := Split("0001_init.sql", src, Options{MaxTokens: 100})
	checkChunks(t, "0001_init.sql", src, chunks, 100)
	var found bool
	for _, c := range chunks {
		if c.Language != "sql" {
			t.Fatalf("chunk language %q", c.Language)
		}
		if c.StartLine <= 34 && c.EndLine >= 34 { // inside the function's body
			found = true
			if c.StartLine != 29 || c.EndLine != 40 || c.Symbol != "billing.user_total" || c.SymbolKind != "function" || c.Doc != fn.Doc {
				t.Errorf("function chunk %d-%d %s %q doc %q, want lines 29-40 of its own", c.StartLine, c.EndLine, c.SymbolKind, c.Symbol, c.Doc)
			}
		}
	}
	if !found {
		t.Fatalf("no chunk holds the function body\n%s", describe(chunks))
	}
	// Under the default budget small statements merge as other
	// languages' declarations do.
	chunks = Split("0001_init.sql", src, Options{})
	checkChunks(t, "0001_init.sql", src, chunks, DefaultMaxTokens)
	if len(chunks) >= len(syms) || !strings.Contains(chunks[0].Symbol, ", ") {
		t.Errorf("statements did not merge under the budget:\n%s", describe(chunks))
	}
}

func TestSQLMySQLDelimiter(t *testing.T) {
	src := "# Shop schema.\n" + // 1
		"CREATE TABLE IF NOT EXISTS `shop`.`customers` (\n" + // 2
		"  `id` INT NOT NULL AUTO_INCREMENT,\n" +
		"  `name` VARCHAR(100) NOT NULL DEFAULT 'it\\'s; fine',\n" + // MySQL escapes with \
		"  PRIMARY KEY (`id`)\n" +
		") ENGINE=InnoDB;\n" + // 6
		"\n" +
		"DELIMITER //\n" + // 8
		"\n" +
		"-- Adds a customer.\n" + // 10
		"CREATE DEFINER=`root`@`localhost` PROCEDURE add_customer(IN p_name VARCHAR(100))\n" +
		"BEGIN\n" +
		"  INSERT INTO customers (name) VALUES (p_name);\n" +
		"  IF p_name = '' THEN SELECT 'empty; name'; END IF;\n" +
		"END //\n" + // 15
		"\n" +
		"CREATE TRIGGER customers_bi BEFORE INSERT ON customers\n" + // 17
		"FOR EACH ROW BEGIN SET NEW.name = TRIM(NEW.name); END//\n" +
		"DELIMITER ;\n" + // 19
		"DELIMITER $$\n" +
		"CREATE FUNCTION greeting(n INT) RETURNS VARCHAR(20) DETERMINISTIC\n" + // 21
		"BEGIN\n" +
		"  RETURN CONCAT('hi;', n);\n" +
		"END$$\n" + // 24
		"DELIMITER ;\n" +
		"CREATE VIEW customer_names AS SELECT name FROM customers;\n" // 26
	want := []string{"table shop.customers 1-6", "procedure add_customer 10-15", "trigger customers_bi 17-18",
		"function greeting 21-24", "view customer_names 26-26"}
	syms := Symbols("schema.sql", []byte(src))
	if got := symbolLines(syms); !reflect.DeepEqual(got, want) {
		t.Fatalf("symbols:\n got %q\nwant %q", got, want)
	}
	if syms[0].Doc != "# Shop schema." || syms[1].Doc != "-- Adds a customer." {
		t.Errorf("docs %q, %q", syms[0].Doc, syms[1].Doc)
	}
	checkSplit(t, "schema.sql", []byte(src))

	// A DELIMITER line ends a statement left without its ";".
	src = "CREATE TABLE a (x int)\nDELIMITER //\nCREATE PROCEDURE p()\nBEGIN\n  SELECT 1;\nEND //\nSELECT 2 //\nDELIMITER ;\nCREATE TABLE b (y int);\n"
	want = []string{"table a 1-1", "procedure p 3-6", "table b 9-9"}
	if got := symbolLines(Symbols("p.sql", []byte(src))); !reflect.DeepEqual(got, want) {
		t.Fatalf("symbols:\n got %q\nwant %q", got, want)
	}
}

func TestSQLServerBatches(t *testing.T) {
	src := `SET ANSI_NULLS ON
GO
-- People we bill.
CREATE TABLE [dbo].[Customers] (
    [Id] INT IDENTITY(1,1) NOT NULL,
    [Name] NVARCHAR(100) NOT NULL
)
CREATE TABLE dbo.Orders ([Id] INT, [CustomerId] INT REFERENCES dbo.Customers([Id]))
GO

/* Lists a customer's orders. */
CREATE OR ALTER PROCEDURE dbo.GetOrders
    @CustomerId INT
AS
BEGIN
    SET NOCOUNT ON;
    SELECT o.Id FROM dbo.Orders o WHERE o.CustomerId = @CustomerId;
END
GO

CREATE VIEW dbo.[Big Orders] AS SELECT * FROM dbo.Orders WHERE Id > 100;
go
`
	// T-SQL leaves out the ;: a CREATE at the start of a line starts a
	// statement; a procedure's ; end nothing before its GO.
	want := []string{"table dbo.Customers 3-7", "table dbo.Orders 8-9", "procedure dbo.GetOrders 11-19", "view dbo.Big Orders 21-22"}
	syms := Symbols("schema.sql", []byte(src))
	if got := symbolLines(syms); !reflect.DeepEqual(got, want) {
		t.Fatalf("symbols:\n got %q\nwant %q", got, want)
	}
	if syms[2].Signature != "CREATE OR ALTER PROCEDURE dbo.GetOrders" || syms[2].Doc != "/* Lists a customer's orders. */" {
		t.Errorf("procedure signature %q doc %q", syms[2].Signature, syms[2].Doc)
	}
	checkSplit(t, "schema.sql", []byte(src))
}

func TestSQLCommentsAndQuotes(t *testing.T) {
	src := `-- a comment; not a statement's end
/* nor; this
   one; */
CREATE TABLE "weird;name" (a text DEFAULT 'x;''y', "b;c" int); CREATE VIEW v2 AS SELECT 1;
-- directly above, so it is the doc
-- +goose StatementBegin
CREATE FUNCTION f() RETURNS int AS $fn$ SELECT 1; $fn$ LANGUAGE sql;
-- +goose StatementEnd

CREATE TABLE after_strings (s text DEFAULT E'it\'s; here', t text DEFAULT $$;$$);
CREATE INDEX ON after_strings (s);
create temporary table if not exists lower_case (x int);
`
	want := []string{"table weird;name 1-4", "view v2 1-4", "function f 5-7", "table after_strings 10-10", "table lower_case 12-12"}
	syms := Symbols("q.sql", []byte(src))
	if got := symbolLines(syms); !reflect.DeepEqual(got, want) {
		t.Fatalf("symbols:\n got %q\nwant %q", got, want)
	}
	if syms[0].Doc != "-- a comment; not a statement's end\n/* nor; this\n   one; */" {
		t.Errorf("table doc %q", syms[0].Doc)
	}
	if syms[2].Doc != "-- directly above, so it is the doc" {
		t.Errorf("a migration tool's directive is no doc: %q", syms[2].Doc)
	}
	checkSplit(t, "q.sql", []byte(src))
}

// TestSQLStraySlashLine: a "/" line, as Oracle ends its blocks with, in
// a PostgreSQL file's comment must not make its transaction or its
// function run to the end of the file.
func TestSQLStraySlashLine(t *testing.T) {
	src := `/*
/
*/
BEGIN;
  CREATE TABLE a (x int);
CREATE FUNCTION one() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$;
ALTER TABLE a ADD COLUMN y int;
  CREATE TABLE t (x int);
COMMIT;
`
	want := []string{"table a 5-5", "function one 6-6", "table t 8-8"}
	if got := symbolLines(Symbols("m.sql", []byte(src))); !reflect.DeepEqual(got, want) {
		t.Fatalf("symbols:\n got %q\nwant %q", got, want)
	}
}

func TestSQLGraph(t *testing.T) {
	src := []byte(postgresMigration)
	a, err := Analyze("0001_init.sql", src, Options{})
	if err != nil || a.Graph == nil {
		t.Fatalf("Analyze: graph %v, err %v", a.Graph, err)
	}
	if g := GraphOf("0001_init.sql", src); g == nil || len(g.Defs) != len(a.Graph.Defs) {
		t.Fatalf("GraphOf differs from Analyze")
	}
	checkGraph(t, "0001_init.sql", src, a.Graph)
	g := a.Graph
	users := g.Defs[1]
	if users.Name != "users" || users.Parent != "public" || users.Kind != "table" || users.Line != 9 || users.Col != 21 ||
		users.StartLine != 7 || users.EndLine != 13 || users.Doc != "Users of the application; one row a login." {
		t.Errorf("users def %+v", users)
	}
	if o := g.Defs[4]; o.Name != "Orders" || o.Line != 20 || o.Col != 23 {
		t.Errorf("a quoted name's definition is at its text: %+v", o)
	}
	type use struct {
		name      string
		line      int
		kind      RefKind
		enclosing string
	}
	var got []use
	for _, r := range g.Refs {
		enc := ""
		if r.Enclosing >= 0 {
			enc = g.Defs[r.Enclosing].Name
		}
		got = append(got, use{r.Name, r.Line, r.Kind, enc})
	}
	want := []use{
		{"users", 15, RefOther, "users_email_idx"}, // CREATE INDEX ... ON
		{"users", 22, RefOther, "Orders"},          // REFERENCES
		{"Orders", 27, RefOther, ""},               // ALTER TABLE, in no declaration
		{"Orders", 36, RefOther, "user_total"},     // FROM in a PL/pgSQL body
		{"users", 46, RefOther, "users_touch"},     // a trigger's ON
		{"touch", 47, RefCall, "users_touch"},      // EXECUTE FUNCTION
		{"Orders", 51, RefOther, "revenue"},        // FROM
		{"users", 51, RefOther, "revenue"},         // JOIN
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("refs:\n got %v\nwant %v", got, want)
	}
	if Highlight("sql", src) != nil {
		t.Errorf("Highlight has no grammar for SQL and returns nil")
	}
}

func TestSQLRefsSkipNonTables(t *testing.T) {
	src := `SELECT extract(year FROM created_at), a IS DISTINCT FROM b FROM orders o, customers AS c, generate_series(1, 3);
INSERT INTO audit (x) SELECT x FROM (SELECT 1 AS x) s;
UPDATE accounts SET n = 1;
INSERT INTO t VALUES (1) ON DUPLICATE KEY UPDATE n = 2;
CREATE FUNCTION py() RETURNS int LANGUAGE plpython3u AS $$ from os import path $$;
`
	g := GraphOf("q.sql", []byte(src))
	var names []string
	for _, r := range g.Refs {
		names = append(names, r.Name)
	}
	if want := []string{"orders", "customers", "audit", "accounts", "t"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("refs %q, want %q", names, want)
	}
}

func TestSQLBigStatement(t *testing.T) {
	var b strings.Builder
	b.WriteString("-- The big one.\nCREATE TABLE wide (\n")
	for i := 0; i < 200; i++ {
		b.WriteString("    column_number_" + itoa(i) + " text NOT NULL DEFAULT 'value; with a semicolon',\n")
	}
	b.WriteString("    last int\n);\nCREATE TABLE small (x int);\n")
	src := []byte(b.String())
	chunks := Split("wide.sql", src, Options{MaxTokens: 200})
	checkChunks(t, "wide.sql", src, chunks, 200)
	if len(chunks) < 3 {
		t.Fatalf("want the big table in several windows:\n%s", describe(chunks))
	}
	last := chunks[len(chunks)-1]
	for _, c := range chunks[:len(chunks)-1] {
		if c.Symbol != "wide" || c.SymbolKind != "table" || c.Signature != "CREATE TABLE wide" {
			t.Errorf("window %d-%d %s %q %q, want the table's symbol", c.StartLine, c.EndLine, c.SymbolKind, c.Symbol, c.Signature)
		}
	}
	if chunks[0].Doc != "-- The big one." || chunks[1].Doc != "" {
		t.Errorf("only the first window holds the doc: %q, %q", chunks[0].Doc, chunks[1].Doc)
	}
	if last.Symbol != "small" && !strings.HasSuffix(last.Content, "CREATE TABLE small (x int);") {
		t.Errorf("last chunk %q %q", last.Symbol, last.Content)
	}
}

// TestSQLLinear feeds the lexer a megabyte of each opener that runs to
// the end of the file when unclosed, on one line (read by the lexer
// directly: Split takes so long a line for minified) and one a line.
func TestSQLLinear(t *testing.T) {
	for _, p := range []string{"'", "$$", "/*", "[", "$a$", "\"", "(", "BEGIN ", "a.", "FROM a, "} {
		for _, sep := range []string{"", "\n"} {
			unit := p + sep
			src := []byte(strings.Repeat(unit, (1<<20)/len(unit)))
			start := time.Now()
			if sep == "" {
				splitSQL(newSource(src, nil), DefaultMaxTokens, true)
			} else {
				Analyze("big.sql", src, Options{})
				Symbols("big.sql", src)
			}
			if el := time.Since(start); el > 5*time.Second {
				t.Errorf("1 MB of %q took %v", unit, el)
			}
		}
	}
}

func TestSQLLanguage(t *testing.T) {
	if l := Language("db/schema.sql", nil); l != "sql" {
		t.Fatalf("Language = %q", l)
	}
	if Symbols("empty.sql", nil) != nil || GraphOf("empty.sql", nil) != nil {
		t.Errorf("an empty file has no symbols or graph")
	}
}
