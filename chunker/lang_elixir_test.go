package chunker

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

const elixirAccounts = `defmodule MyApp.Accounts do
  @moduledoc """
  The Accounts context: users, sessions and tokens.
  """

  import Ecto.Query, warn: false
  alias MyApp.Repo

  @type id :: integer()

  @doc """
  Gets a user by email. An end or a do in here closes nothing.
  """
  @spec get_user_by_email(String.t()) :: User.t() | nil
  def get_user_by_email(email) when is_binary(email) do
    Repo.get_by(User, email: email)
  end

  def get_user!(id), do: Repo.get!(User, id)

  # Counts the users; end and do in a comment do not count.
  defp count(query) do
    msg = "do #{inspect(query, label: "end")} end"
    pattern = ~r/\bend\b/
    chars = [?e, ?n, ?d, ?\s]
    Repo.one(query)
  end

  defp count(nil), do: :end

  def register_user(attrs) do
    %User{}
    |> User.registration_changeset(attrs)
    |> Repo.insert()
  end

  defmodule Inner do
    def hello, do: ~s(do end)
  end
end

defimpl String.Chars, for: MyApp.Accounts.User do
  def to_string(user), do: user.email
end
`

// graphRefs analyses a file and renders its references as "kind recv
// name in enclosing", after checking the graph's contracts.
func graphRefs(t *testing.T, path, src string) map[string]bool {
	t.Helper()
	a, err := Analyze(path, []byte(src), Options{})
	if err != nil || a.Graph == nil {
		t.Fatalf("%s: graph %v, err %v", path, a.Graph, err)
	}
	checkGraph(t, path, []byte(src), a.Graph)
	refs := map[string]bool{}
	for _, r := range a.Graph.Refs {
		in := ""
		if r.Enclosing >= 0 {
			in = a.Graph.Defs[r.Enclosing].Name
		}
		refs[fmt.Sprintf("%s %s %s in %s", r.Kind, r.Recv, r.Name, in)] = true
	}
	return refs
}

// outlineOf renders a file's symbols one a line, as symbolLines does.
func outlineOf(path, src string) string {
	return strings.Join(symbolLines(Symbols(path, []byte(src))), "\n") + "\n"
}

func TestElixirSymbols(t *testing.T) {
	got := outlineOf("lib/accounts.ex", elixirAccounts)
	want := `module MyApp.Accounts 1-40
type MyApp.Accounts.id 9-9
function MyApp.Accounts.get_user_by_email 11-17
function MyApp.Accounts.get_user! 19-19
function MyApp.Accounts.count 21-29
function MyApp.Accounts.register_user 31-35
module MyApp.Accounts.Inner 37-39
function MyApp.Accounts.Inner.hello 38-38
impl String.Chars.MyApp.Accounts.User 42-44
function String.Chars.MyApp.Accounts.User.to_string 43-43
`
	if got != want {
		t.Errorf("symbols:\n%s\nwant:\n%s", got, want)
	}
	syms := Symbols("lib/accounts.ex", []byte(elixirAccounts))
	for _, s := range syms {
		if s.Kind == "impl" && (s.Name != "MyApp.Accounts.User" || s.Parent != "String.Chars") {
			t.Errorf("impl %s under %s, want MyApp.Accounts.User under its protocol String.Chars", s.Name, s.Parent)
		}
	}
	if syms[0].Doc != "The Accounts context: users, sessions and tokens." {
		t.Errorf("module doc %q, want the @moduledoc's text", syms[0].Doc)
	}
	if syms[2].Signature != "def get_user_by_email(email) when is_binary(email)" ||
		!strings.HasPrefix(syms[2].Doc, "Gets a user by email.") {
		t.Errorf("function %q: signature %q, doc %q", syms[2].Name, syms[2].Signature, syms[2].Doc)
	}
	if syms[4].Doc != "# Counts the users; end and do in a comment do not count." {
		t.Errorf("defp doc %q, want the comment above it", syms[4].Doc)
	}
}

// A module over the budget is chunked by its functions, each with the
// attributes above it; every chunk names what it holds.
func TestElixirChunksByFunctions(t *testing.T) {
	src := elixirAccounts
	chunks := Split("lib/accounts.ex", []byte(src), Options{MaxTokens: 120})
	checkChunks(t, "lib/accounts.ex", []byte(src), chunks, 120)
	var got []string
	for _, c := range chunks {
		got = append(got, fmt.Sprintf("%d-%d %s", c.StartLine, c.EndLine, c.Symbol))
	}
	want := []string{
		"1-7 MyApp.Accounts", // the head, its doc, import and alias
		"9-19 MyApp.Accounts.id, MyApp.Accounts.get_user_by_email, MyApp.Accounts.get_user!",
		"21-40 MyApp.Accounts.count, MyApp.Accounts.register_user, MyApp.Accounts.Inner",
		"42-44 String.Chars.MyApp.Accounts.User",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("chunks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A do or end inside a literal or comment, a keyword key ("do:"), an atom
// (:end) or a selected name (map.end) opens and closes nothing.
func TestElixirLiteralsHideKeywords(t *testing.T) {
	cases := []string{
		`  x = "end"`,
		`  x = 'end'`,
		"  x = \"\"\"\n  end\n  \"\"\"",
		"  x = ~S\"\"\"\n  end\n  \"\"\"",
		`  x = ~r/end/i`,
		`  x = ~w(do end)a`,
		`  x = ~s{do #{"}"} end}`,
		`  x = "#{"end"} #{%{a: "do"}}"`,
		`  x = :end`,
		`  x = :"end"`,
		`  x = [do: 1, end: 2]`,
		`  x = map.end`,
		`  x = ?e`,
		`  # end`,
	}
	for _, c := range cases {
		src := "defmodule A do\n  def f do\n" + c + "\n  end\n\n  def g, do: 1\nend\n"
		got := outlineOf("a.ex", src)
		lines := strings.Count(c, "\n")
		want := fmt.Sprintf("module A 1-%d\nfunction A.f 2-%d\nfunction A.g %d-%d\n", 7+lines, 4+lines, 6+lines, 6+lines)
		if got != want {
			t.Errorf("%s:\n%s\nwant:\n%s", c, got, want)
		}
	}
}

// Functions inside a block of loose code ("if Code.ensure_loaded?(…)
// do") are found, and a continuation line ("|>", "do:", a trailing
// comma) starts no statement.
func TestElixirWrappedAndContinued(t *testing.T) {
	src := `if Code.ensure_loaded?(Jason) do
  defimpl Jason.Encoder, for: Money do
    def encode(money, opts),
      do: Jason.Encode.string(to_string(money), opts)
  end
end

defmodule Pipes do
  def run(x) do
    x
    |> step()
    |> step()
  end
  def step(x),
    do: x
end
`
	got := outlineOf("a.ex", src)
	want := `impl Jason.Encoder.Money 2-5
function Jason.Encoder.Money.encode 3-4
module Pipes 8-16
function Pipes.run 9-13
function Pipes.step 14-15
`
	if got != want {
		t.Errorf("symbols:\n%s\nwant:\n%s", got, want)
	}
}

// Functions a __using__ macro injects are the module's members, and an
// operator's definition is named by the operator.
func TestElixirInjectedAndOperators(t *testing.T) {
	src := `defmodule Phoenix.Endpoint do
  defmacro __using__(opts) do
    quote location: :keep do
      def broadcast(topic, msg), do: Server.broadcast(topic, msg)
    end
  end

  def left == right, do: eq(left, right)
  def a and b, do: both(a, b)
end
`
	got := outlineOf("endpoint.ex", src)
	want := `module Phoenix.Endpoint 1-10
macro Phoenix.Endpoint.__using__ 2-6
function Phoenix.Endpoint.broadcast 4-4
function Phoenix.Endpoint.== 8-8
function Phoenix.Endpoint.and 9-9
`
	if got != want {
		t.Errorf("symbols:\n%s\nwant:\n%s", got, want)
	}
	graphRefs(t, "endpoint.ex", src) // names where they are
}

// The graph holds the declarations and the calls, each with what it is
// selected from, and the modules named after alias and in a struct.
func TestElixirGraph(t *testing.T) {
	refs := graphRefs(t, "lib/accounts.ex", elixirAccounts)
	for _, w := range []string{
		"import n:MyApp Repo in Accounts",
		"call n:Repo get_by in get_user_by_email",
		"call n:Repo get! in get_user!",
		"call n:Repo one in count",
		"type  User in register_user",
		"call n:User registration_changeset in register_user",
		"type n:String t in get_user_by_email",
	} {
		if !refs[w] {
			t.Errorf("no reference %q in %v", w, refs)
		}
	}
	for r := range refs {
		if strings.Contains(r, " get_user_by_email in") || strings.Contains(r, " count in") && !strings.Contains(r, "call") {
			t.Errorf("reference %q: a declared name or a spec's own name is no use", r)
		}
	}
	own := graphRefs(t, "lib/ext.ex", "defmodule App.Ext do\n  def decode(x), do: x\n\n  def run(x) do\n"+
		"    __MODULE__.decode(x)\n    quote do: unquote(__MODULE__).decode(x)\n  end\nend\n")
	if !own["call self decode in run"] {
		t.Errorf("__MODULE__.decode and unquote(__MODULE__).decode are no calls on the module itself: %v", own)
	}
}

// Clauses of one name and arity are one function; another arity is
// another function in Elixir, even right after it.
func TestElixirClausesOfAnotherArityAreAnotherFunction(t *testing.T) {
	src := []byte(`defmodule Postgrex.Query do
  defp decode_map(data, opts) do
    decode_map(data, opts[:mapper], [])
  end

  defp decode_map([row | data], mapper, decoded) do
    decode_map(data, mapper, [mapper.(row) | decoded])
  end

  defp decode_map([], _, decoded), do: Enum.reverse(decoded)
end
`)
	var got []string
	for _, s := range Symbols("query.ex", src) {
		if s.Name == "decode_map" {
			got = append(got, fmt.Sprintf("%d-%d", s.StartLine, s.EndLine))
		}
	}
	if want := []string{"2-4", "6-10"}; !slices.Equal(got, want) {
		t.Errorf("decode_map at %v, want /2 at 2-4 and /3's two clauses at 6-10", got)
	}
}

// A behaviour's @callback is a declaration, with the @doc above it: what
// `find_definition GenStage.handle_demand` should find first.
func TestElixirCallbacks(t *testing.T) {
	src := "defmodule GenStage do\n  @doc \"\"\"\n  Invoked on demand.\n  \"\"\"\n  @callback handle_demand(demand :: pos_integer, state :: term) ::\n              {:noreply, [term], term}\n\n  @macrocallback __using__(opts :: keyword) :: Macro.t()\n\n  def start_link(module, args), do: :ok\nend\n"
	got := map[string]string{}
	for _, s := range Symbols("gen_stage.ex", []byte(src)) {
		got[s.Name] = fmt.Sprintf("%s %s %d-%d %s", s.Kind, s.Parent, s.StartLine, s.EndLine, s.Doc)
	}
	want := map[string]string{
		"GenStage":      "module  1-11 ",
		"handle_demand": "callback GenStage 2-6 Invoked on demand.",
		"__using__":     "callback GenStage 8-8 ",
		"start_link":    "function GenStage 10-10 ",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("outline %q, want %q", got, want)
	}
}
