/* ringbuf.c - a fixed-size byte ring buffer. */
#include <stdlib.h>
#include <string.h>

#include "ringbuf.h"

#define RB_MIN_CAPACITY 16

/* A ring buffer of bytes. Writes fail when it is full. */
struct ringbuf {
	unsigned char *data;
	size_t cap;
	size_t head; /* next byte to read */
	size_t len;
};

static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

/*
 * rb_new allocates a ring buffer holding at least cap bytes.
 * Returns NULL when memory is exhausted.
 */
struct ringbuf *rb_new(size_t cap)
{
	struct ringbuf *rb = malloc(sizeof *rb);
	if (!rb)
		return NULL;
	if (cap < RB_MIN_CAPACITY)
		cap = RB_MIN_CAPACITY;
	rb->data = malloc(cap);
	if (!rb->data) {
		free(rb);
		return NULL;
	}
	rb->cap = cap;
	rb->head = 0;
	rb->len = 0;
	return rb;
}

/* rb_free releases the buffer and its storage. */
void rb_free(struct ringbuf *rb)
{
	if (rb) {
		free(rb->data);
		free(rb);
	}
}

/* rb_write copies up to n bytes from src and returns how many fit. */
size_t rb_write(struct ringbuf *rb, const void *src, size_t n)
{
	const unsigned char *p = src;
	size_t tail = (rb->head + rb->len) % rb->cap;
	size_t room = rb->cap - rb->len;
	size_t first;

	n = min_size(n, room);
	first = min_size(n, rb->cap - tail);
	memcpy(rb->data + tail, p, first);
	memcpy(rb->data, p + first, n - first);
	rb->len += n;
	return n;
}

/* rb_read moves up to n bytes into dst and returns how many were read. */
size_t rb_read(struct ringbuf *rb, void *dst, size_t n)
{
	unsigned char *p = dst;
	size_t first;

	n = min_size(n, rb->len);
	first = min_size(n, rb->cap - rb->head);
	memcpy(p, rb->data + rb->head, first);
	memcpy(p + first, rb->data, n - first);
	rb->head = (rb->head + n) % rb->cap;
	rb->len -= n;
	return n;
}
