package com.example.ratelimit

import java.time.Clock
import java.time.Duration

/** Default number of requests allowed per window. */
const val DEFAULT_LIMIT = 100

/**
 * A token-bucket rate limiter.
 *
 * Tokens refill continuously at [limit] per [window].
 */
class RateLimiter(
    private val limit: Int = DEFAULT_LIMIT,
    private val window: Duration = Duration.ofMinutes(1),
    private val clock: Clock = Clock.systemUTC(),
) {
    private var tokens = limit.toDouble()
    private var last = clock.millis()

    /** Tries to take one token; returns false when the caller must wait. */
    @Synchronized
    fun tryAcquire(): Boolean {
        refill()
        if (tokens < 1.0) {
            return false
        }
        tokens -= 1.0
        return true
    }

    /** Milliseconds until the next token is available. */
    fun waitMillis(): Long {
        refill()
        if (tokens >= 1.0) return 0
        val perMilli = limit.toDouble() / window.toMillis()
        return ((1.0 - tokens) / perMilli).toLong()
    }

    private fun refill() {
        val now = clock.millis()
        val elapsed = now - last
        if (elapsed <= 0) return
        val perMilli = limit.toDouble() / window.toMillis()
        tokens = minOf(limit.toDouble(), tokens + elapsed * perMilli)
        last = now
    }
}

/** The outcome of a rate-limited call. */
sealed class Outcome {
    data class Done(val value: String) : Outcome()
    object Throttled : Outcome()
}

/** Runs block when a token is available. */
fun RateLimiter.guard(block: () -> String): Outcome =
    if (tryAcquire()) Outcome.Done(block()) else Outcome.Throttled
