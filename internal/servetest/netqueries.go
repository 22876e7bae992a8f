package servetest

// NetQueries are questions about the Go standard library's net tree. The
// Weaviate cluster test (tools) and benchmark (benchmarks) both ask them
// of each storage backend, so the parity check and the timings cover the
// same searches.
var NetQueries = []string{
	"resolve a host name to IP addresses", "parse an IPv6 address", "dial a TCP connection with a timeout",
	"listen on a unix socket", "set a read deadline on a connection", "look up MX records",
	"parse a CIDR network mask", "close a listener", "interface addresses of the machine", "ServeHTTP",
}
