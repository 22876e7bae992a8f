package store

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

const (
	// poolFactor sizes each scan job's candidate pool: n results keep
	// poolFactor*n rows by approximate score for exact rescoring.
	poolFactor = 4
	// minJobRows keeps scan jobs large enough that starting one costs
	// nothing next to scanning it.
	minJobRows = 16384
	// scanBlock is how many rows the kernel scores per call.
	scanBlock = 256
	// coarsePool is scanCoarse's poolFactor: two-bit scores are coarser.
	coarsePool = 8
)

// coarseMinRows is the number of rows of a kind above which Query scans
// the two-bit codes instead of the int8 ones: there the int8 scan, bound
// by memory bandwidth, would cost a search tens of milliseconds (a
// variable so that tests can take the two-bit path on small indexes).
var coarseMinRows = 1 << 18

// scored is a row of a scan job with its approximate score.
type scored struct {
	score float32
	row   int32
}

// pool keeps the best rows a scan job has seen, in a min-heap whose root
// is the worst kept, so most rows cost one comparison.
type pool struct {
	size int
	h    []scored
}

func (p *pool) full() bool { return len(p.h) == p.size }

// wants reports whether a row scoring s would enter the pool.
func (p *pool) wants(s float32) bool { return len(p.h) < p.size || s > p.h[0].score }

func (p *pool) add(x scored) {
	if len(p.h) < p.size {
		p.h = append(p.h, x)
		for i := len(p.h) - 1; i > 0; {
			parent := (i - 1) / 2
			if p.h[parent].score <= p.h[i].score {
				break
			}
			p.h[parent], p.h[i] = p.h[i], p.h[parent]
			i = parent
		}
		return
	}
	p.h[0] = x
	for i := 0; ; {
		l, small := 2*i+1, i
		if l < len(p.h) && p.h[l].score < p.h[small].score {
			small = l
		}
		if r := l + 1; r < len(p.h) && p.h[r].score < p.h[small].score {
			small = r
		}
		if small == i {
			return
		}
		p.h[i], p.h[small] = p.h[small], p.h[i]
		i = small
	}
}

// scanJob is a range of rows of one view, scanned by one goroutine.
type scanJob struct {
	v      *view
	m      *quantized
	lo, hi int
	coarse bool     // scan the two-bit codes, not the int8 ones
	floor  *floor   // shared by scanCoarse's jobs; nil in scanExact
	pool   pool     // filled in the first pass
	rows   []scored // rows above the threshold, in the second pass
}

// Query returns up to n chunks of kind k most similar to vec, best first,
// that pass keep (nil keeps all). Filtering happens before the cut, so n
// hits come back whenever n chunks pass. Scores are exact float32 cosine
// similarities. Up to coarseMinRows rows the ranking is the exact one
// (scanExact); above, the candidates come from a scan of the two-bit
// codes, a quarter of the bytes, and the ranking is exact among them
// (scanCoarse).
func (ix *Index) Query(ctx context.Context, k Kind, vec []float32, n int, keep func(*Chunk) bool) ([]Hit, error) {
	if n <= 0 {
		return nil, nil
	}
	defer runtime.KeepAlive(ix) // the views point into its mapped segments
	total := 0
	for i := range ix.views[k] {
		if v := &ix.views[k][i]; v.n > v.ndead {
			total += v.n
		}
	}
	procs := runtime.GOMAXPROCS(0)
	jobs, err := ix.scanJobs(k, len(vec), max(minJobRows, (total+procs-1)/procs))
	if err != nil || len(jobs) == 0 {
		return nil, err
	}
	keep = serialized(keep, len(jobs) > 1)
	if total > coarseMinRows && allCoarse(jobs) {
		return scanCoarse(ctx, jobs, newQuantQuery(vec), coarsePool*n, n, keep)
	}
	return scanExact(ctx, jobs, newQuantQuery(vec), poolFactor*n, n, keep)
}

// allCoarse reports whether every job's rows have two-bit codes.
func allCoarse(jobs []*scanJob) bool {
	for _, j := range jobs {
		if j.m.twoBit == nil {
			return false
		}
	}
	return true
}

// scanCoarse ranks the jobs' rows by a scan of their two-bit codes:
// each job keeps its size best rows by approximate score, and the
// size best of those over all jobs are rescored exactly. The coarse
// bound is too wide to prove the top n the way scanExact does, so this
// is measured instead (docs/store.md, vector engine).
func scanCoarse(ctx context.Context, jobs []*scanJob, q *quantQuery, size, n int, keep func(*Chunk) bool) ([]Hit, error) {
	fl := newFloor()
	for _, j := range jobs {
		j.coarse, j.floor = true, fl
	}
	if err := fillPools(ctx, jobs, q, size, keep); err != nil {
		return nil, err
	}
	// A row below the shared floor is outside the size best of the
	// pool that raised it, so it cannot be among the size best overall:
	// most of the jobs' rows are dropped before the sort.
	low := fl.get()
	rows := gather(jobs, func(j *scanJob) []scored {
		h := j.pool.h
		kept := h[:0]
		for _, s := range h {
			if s.score >= low {
				kept = append(kept, s)
			}
		}
		return kept
	})
	sortByScore(rows)
	best := newTopK(n, candBetter)
	for _, c := range exactScores(rows[:min(size, len(rows))], q) {
		best.add(c)
	}
	return hitsOf(best.sorted()), nil
}

// minRescoreRows keeps each goroutine of exactScores busy long enough to
// be worth starting.
const minRescoreRows = 128

// exactScores rescores rows exactly, on all cores: each row is a read of
// the stored codes (a pread), and hundreds of them one after another were
// a millisecond of every large index's search after its parallel scan.
func exactScores(rows []pooled, q *quantQuery) []cand {
	out := make([]cand, len(rows))
	workers := min(runtime.GOMAXPROCS(0), (len(rows)+minRescoreRows-1)/minRescoreRows)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []float32
			for i := w; i < len(rows); i += workers {
				out[i] = exact(rows[i].j.v, rows[i].s.row, q, &buf)
			}
		}()
	}
	wg.Wait()
	return out
}

// scanJobs splits the rows of kind k's views that have live chunks into
// jobs of at most per rows, checking that they have dim dimensions.
func (ix *Index) scanJobs(k Kind, dim, per int) ([]*scanJob, error) {
	var jobs []*scanJob
	for i := range ix.views[k] {
		v := &ix.views[k][i]
		if v.n == v.ndead {
			continue
		}
		m := v.quant
		if m.dim != dim {
			return nil, fmt.Errorf("vector query: the query has %d dimensions, the index %d", dim, m.dim)
		}
		for lo := 0; lo < v.n; lo += per {
			jobs = append(jobs, &scanJob{v: v, m: m, lo: lo, hi: min(lo+per, v.n)})
		}
	}
	return jobs, nil
}

// scanExact ranks the jobs' rows in two steps: an int8 scan keeps each
// job's size best rows (size >= n) by approximate score, and those are
// rescored in float32. Every row left out scored at most its pool's worst
// kept row, so its exact score is at most that plus the quantization
// bound; when the n-th best exact score beats that for every pool, the
// top n is exact. Otherwise (near-ties wider than the bound) a second
// scan rescores every row whose bound reaches the n-th score.
func scanExact(ctx context.Context, jobs []*scanJob, q *quantQuery, size, n int, keep func(*Chunk) bool) ([]Hit, error) {
	if err := fillPools(ctx, jobs, q, size, keep); err != nil {
		return nil, err
	}
	rows := gather(jobs, func(j *scanJob) []scored { return j.pool.h })
	best := newTopK(n, candBetter)
	rescore(best, rows, q)
	if len(best.h) < n {
		return hitsOf(best.sorted()), nil // no pool was full: every accepted row was rescored
	}
	nth := float32(best.h[0].score) // the heap's root is the worst kept
	proven := true
	for _, j := range jobs {
		if j.pool.full() && j.pool.h[0].score+j.m.bound(q) >= nth {
			proven = false
		}
	}
	if proven {
		return hitsOf(best.sorted()), nil
	}
	err := runJobs(ctx, jobs, func(j *scanJob) { j.above(q, nth-j.m.bound(q), keep) })
	if err != nil {
		return nil, err
	}
	rows = gather(jobs, func(j *scanJob) []scored { return j.rows })
	best = newTopK(n, candBetter)
	rescore(best, rows, q)
	return hitsOf(best.sorted()), nil
}

// fillPools runs the first pass of a scan: every job keeps its size best
// rows in its pool.
func fillPools(ctx context.Context, jobs []*scanJob, q *quantQuery, size int, keep func(*Chunk) bool) error {
	return runJobs(ctx, jobs, func(j *scanJob) {
		j.pool = pool{size: size, h: make([]scored, 0, min(size, j.hi-j.lo))}
		j.scan(q, keep)
	})
}

// gather lists the rows pick returns for each job, with their jobs.
func gather(jobs []*scanJob, pick func(*scanJob) []scored) []pooled {
	var rows []pooled
	for _, j := range jobs {
		for _, s := range pick(j) {
			rows = append(rows, pooled{j, s})
		}
	}
	return rows
}

// pooled is a row a scan kept, with its job.
type pooled struct {
	j *scanJob
	s scored
}

// rescore offers rows to best with their exact scores, best approximate
// score first, and skips a row whose approximate score plus its job's
// bound is below the n-th exact score found so far: its exact score is
// below that too, so it cannot make the top n. Most pooled rows are
// skipped, so a search reads few float32 rows.
func rescore(best *topK[cand], rows []pooled, q *quantQuery) {
	sortByScore(rows)
	var buf []float32
	for _, r := range rows {
		if len(best.h) == best.n && float64(r.s.score+r.j.m.bound(q)) < best.h[0].score {
			continue
		}
		best.add(exact(r.j.v, r.s.row, q, &buf))
	}
}

// sortByScore orders rows by approximate score, best first.
func sortByScore(rows []pooled) {
	slices.SortFunc(rows, func(a, b pooled) int { return cmp.Compare(b.s.score, a.s.score) })
}

// runJobs runs fn on every job, GOMAXPROCS at a time.
func runJobs(ctx context.Context, jobs []*scanJob, fn func(*scanJob)) error {
	workers := min(len(jobs), runtime.GOMAXPROCS(0))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= len(jobs) {
					return
				}
				fn(jobs[i])
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("vector query: %w", err)
	}
	return nil
}

// scan fills the job's pool with its best live rows that keep accepts.
// Dead rows and the filter are checked only for rows that would enter the
// pool, which after the first few thousand rows is almost none. With a
// shared floor, rows below it are skipped and a full pool raises it.
func (j *scanJob) scan(q *quantQuery, keep func(*Chunk) bool) {
	low := float32(math.Inf(-1))
	j.eachBlock(q, func(lo int, scores []float32) {
		if j.floor != nil {
			low = j.floor.get()
		}
		for i, s := range scores {
			if r := int32(lo + i); s >= low && j.pool.wants(s) && j.accepts(r, keep) {
				j.pool.add(scored{score: s, row: r})
			}
		}
		if j.floor != nil && j.pool.full() {
			j.floor.raise(j.pool.h[0].score)
		}
	})
}

// floor is the score below which no row can be among the best size rows
// of all of a search's jobs: any job whose pool holds size rows proves
// that many score at least its pool's worst. Sharing it spares the jobs
// scanned later most of their pool work (each would otherwise fill its
// own pool of size rows first).
type floor struct{ bits atomic.Uint32 }

func newFloor() *floor {
	f := &floor{}
	f.bits.Store(math.Float32bits(float32(math.Inf(-1))))
	return f
}

func (f *floor) get() float32 { return math.Float32frombits(f.bits.Load()) }

func (f *floor) raise(v float32) {
	for {
		old := f.bits.Load()
		if v <= math.Float32frombits(old) || f.bits.CompareAndSwap(old, math.Float32bits(v)) {
			return
		}
	}
}

// above collects the job's live, accepted rows scoring at least min.
func (j *scanJob) above(q *quantQuery, min float32, keep func(*Chunk) bool) {
	j.eachBlock(q, func(lo int, scores []float32) {
		for i, s := range scores {
			if r := int32(lo + i); s >= min && j.accepts(r, keep) {
				j.rows = append(j.rows, scored{score: s, row: r})
			}
		}
	})
}

// eachBlock scores the job's rows with the int8 or two-bit kernel, a
// block at a time, and calls fn with the block's first row and
// approximate scores.
func (j *scanJob) eachBlock(q *quantQuery, fn func(lo int, scores []float32)) {
	var dots [scanBlock]int32
	var scores [scanBlock]float32
	dim := j.m.dim
	rowScales := j.m.scales
	if j.coarse {
		rowScales = j.m.twoBitScale
	}
	for lo := j.lo; lo < j.hi; lo += scanBlock {
		hi := min(lo+scanBlock, j.hi)
		out := dots[:hi-lo]
		if j.coarse {
			dotTwoBit(j.m.twoBit[lo*dim/4:hi*dim/4], &q.dotQuery, out)
		} else {
			dotRows(j.m.codes[lo*dim:hi*dim], &q.dotQuery, out)
		}
		for i, d := range out {
			scores[i] = float32(d) * rowScales[lo+i] * q.scale
		}
		fn(lo, scores[:hi-lo])
	}
}

// exact is row r of v with its exact score; buf receives the decoded
// row, grown to v's dimension when it is shorter, so a caller rescoring
// many rows on one goroutine reuses it for every row.
func exact(v *view, r int32, q *quantQuery, buf *[]float32) cand {
	if cap(*buf) < v.dim {
		*buf = make([]float32, v.dim)
	}
	return cand{score: rowScore(v.row(*buf, r), q), v: v, row: r}
}

func (j *scanJob) accepts(r int32, keep func(*Chunk) bool) bool {
	return !j.v.isDead(r) && (keep == nil || keep(j.v.chunk(r)))
}

// serialized wraps keep so that scan jobs running at once call it one at
// a time: callers wrote their filters for one goroutine. Jobs call it
// only for rows that would enter their pools, so the lock is rarely
// contended.
func serialized(keep func(*Chunk) bool, concurrent bool) func(*Chunk) bool {
	if keep == nil || !concurrent {
		return keep
	}
	var mu sync.Mutex
	return func(c *Chunk) bool {
		mu.Lock()
		defer mu.Unlock()
		return keep(c)
	}
}
