package httpguard

import (
	"math"
	"net"
	"net/http"
	"sync"
	"time"
)

// maxRateClients bounds the per-client buckets kept in memory; past it,
// buckets that have refilled (clients gone quiet) are dropped.
const maxRateClients = 10000

// rateLimiter is a token bucket per client address: each client may send
// burst requests at once and rate per second after that.
type rateLimiter struct {
	rate, burst float64
	now         func() time.Time

	mu      sync.Mutex
	clients map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newRateLimiter(rate float64, burst int) *rateLimiter {
	return &rateLimiter{rate: rate, burst: float64(max(burst, 1)), now: time.Now, clients: map[string]*bucket{}}
}

// allow takes a token from key's bucket, or says how long until one is
// there.
func (l *rateLimiter) allow(key string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.clients[key]
	if b == nil {
		if len(l.clients) >= maxRateClients {
			l.sweep(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.clients[key] = b
	}
	b.tokens = math.Min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
}

// sweep forgets clients whose bucket is full again: they lose nothing. If
// that frees nothing, everything is forgotten rather than letting the map
// grow without bound; the limit restarts for every client.
func (l *rateLimiter) sweep(now time.Time) {
	full := time.Duration(l.burst / l.rate * float64(time.Second))
	for k, b := range l.clients {
		if now.Sub(b.last) >= full {
			delete(l.clients, k)
		}
	}
	if len(l.clients) >= maxRateClients {
		clear(l.clients)
	}
}

// clientKey identifies the client of r by its address: the IP, or for
// IPv6 its /64, since one host usually holds a whole /64. Forwarding
// headers are ignored: any client can write them.
func clientKey(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	if ip == nil || ip.To4() != nil {
		return host
	}
	return ip.Mask(net.CIDRMask(64, 128)).String()
}
