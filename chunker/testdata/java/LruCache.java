package com.example.cache;

import java.util.HashMap;
import java.util.Map;

/**
 * A least-recently-used cache with a fixed capacity.
 *
 * @param <K> key type
 * @param <V> value type
 */
public class LruCache<K, V> {
    private static final int DEFAULT_CAPACITY = 16;

    private final int capacity;
    private final Map<K, Node<K, V>> index = new HashMap<>();
    private Node<K, V> head;
    private Node<K, V> tail;

    /** Creates a cache with the default capacity. */
    public LruCache() {
        this(DEFAULT_CAPACITY);
    }

    public LruCache(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive");
        }
        this.capacity = capacity;
    }

    /**
     * Returns the value for key and marks it as recently used.
     *
     * @return the value, or null when absent
     */
    public V get(K key) {
        Node<K, V> node = index.get(key);
        if (node == null) {
            return null;
        }
        moveToFront(node);
        return node.value;
    }

    /** Stores value under key, evicting the least recently used entry when full. */
    public void put(K key, V value) {
        Node<K, V> node = index.get(key);
        if (node != null) {
            node.value = value;
            moveToFront(node);
            return;
        }
        if (index.size() == capacity) {
            index.remove(tail.key);
            unlink(tail);
        }
        node = new Node<>(key, value);
        index.put(key, node);
        linkFront(node);
    }

    private void moveToFront(Node<K, V> node) {
        unlink(node);
        linkFront(node);
    }

    private void unlink(Node<K, V> node) {
        if (node.prev != null) node.prev.next = node.next; else head = node.next;
        if (node.next != null) node.next.prev = node.prev; else tail = node.prev;
        node.prev = node.next = null;
    }

    private void linkFront(Node<K, V> node) {
        node.next = head;
        if (head != null) head.prev = node;
        head = node;
        if (tail == null) tail = node;
    }

    private static final class Node<K, V> {
        final K key;
        V value;
        Node<K, V> prev, next;

        Node(K key, V value) {
            this.key = key;
            this.value = value;
        }
    }
}
