package main

import (
	"errors"
	"strings"
	"testing"
)

func TestStoreFlagsRefuseBadSettings(t *testing.T) {
	for _, tc := range []struct {
		g    globalFlags
		want string
	}{
		{globalFlags{store: "mongo"}, "use embedded or weaviate"},
		{globalFlags{store: "weaviate"}, "needs --weaviate-url"},
		{globalFlags{store: "weaviate", weaviateURL: "http://127.0.0.1:8080", replication: 0}, "--weaviate-replication"},
		{globalFlags{store: "weaviate", weaviateURL: "ftp://x", replication: 1}, "--weaviate-url"},
	} {
		_, err := tc.g.storeBackend()
		var ue usageError
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.As(err, &ue) {
			t.Errorf("%+v: error %v, want a usage error mentioning %q", tc.g, err, tc.want)
		}
	}
	if b, err := (&globalFlags{store: "weaviate", weaviateURL: "http://127.0.0.1:8080", replication: 3}).storeBackend(); err != nil || b == nil {
		t.Fatalf("a valid weaviate setting: %v, %v", b, err)
	}
	if b, err := (&globalFlags{store: "embedded"}).storeBackend(); err != nil || b != nil {
		t.Fatalf("embedded: %v, %v (want nil: the service opens the data directory)", b, err)
	}
}
