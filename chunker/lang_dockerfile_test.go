package chunker

import (
	"reflect"
	"testing"
)

const dockerfileSrc = `# syntax=docker/dockerfile:1
ARG GO_VERSION=1.22
FROM golang:${GO_VERSION} AS build
WORKDIR /src
ENV CGO_ENABLED=0 GOOS=linux
COPY . .
RUN go build -o /out/app ./cmd/app

FROM build AS test
RUN go test ./...

FROM gcr.io/distroless/static
COPY --from=build /out/app /app
ENTRYPOINT ["/app"]
`

func TestDockerfileSymbols(t *testing.T) {
	got := symbolList(Symbols("deploy/Dockerfile", []byte(dockerfileSrc)))
	want := []string{"var GO_VERSION", "stage build", "var CGO_ENABLED", "stage test", "stage gcr.io/distroless/static"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("symbols:\n got %q\nwant %q", got, want)
	}
	if syms := Symbols("Dockerfile", []byte(dockerfileSrc)); syms[0].Doc != "" {
		t.Errorf("ARG GO_VERSION has doc %q: a parser directive documents nothing", syms[0].Doc)
	}
	for _, path := range []string{"Dockerfile", "Containerfile", "Dockerfile.dev", "build/app.dockerfile"} {
		if l := Language(path, nil); l != "dockerfile" {
			t.Errorf("Language(%q) = %q, want dockerfile", path, l)
		}
	}
}

func TestDockerfileGraph(t *testing.T) {
	g := GraphOf("Dockerfile", []byte(dockerfileSrc))
	if g == nil {
		t.Fatal("no graph")
	}
	var defs []string
	for _, d := range g.Defs {
		defs = append(defs, d.Kind+" "+d.Name)
	}
	if want := []string{"var GO_VERSION", "stage build", "var CGO_ENABLED", "var GOOS", "stage test", "stage gcr.io/distroless/static"}; !reflect.DeepEqual(defs, want) {
		t.Fatalf("defs:\n got %q\nwant %q", defs, want)
	}
	var usesVersion, inheritsBuild bool
	for _, r := range g.Refs {
		usesVersion = usesVersion || r.Name == "GO_VERSION" && r.Line == 3
		inheritsBuild = inheritsBuild || r.Name == "build" && r.Kind == RefInherit && r.Line == 9
	}
	if !usesVersion || !inheritsBuild {
		t.Fatalf("want ${GO_VERSION} used on line 3 and stage build inherited on line 9; refs %+v", g.Refs)
	}
}
