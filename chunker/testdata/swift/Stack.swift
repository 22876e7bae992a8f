import Foundation

/// Errors thrown by ``BoundedStack``.
enum StackError: Error {
    case overflow
    case underflow
}

/// A last-in first-out stack with a maximum size.
public struct BoundedStack<Element> {
    private var items: [Element] = []
    public let capacity: Int

    /// Creates an empty stack holding at most capacity elements.
    public init(capacity: Int) {
        precondition(capacity > 0, "capacity must be positive")
        self.capacity = capacity
    }

    /// Pushes an element; throws when the stack is full.
    public mutating func push(_ item: Element) throws {
        guard items.count < capacity else {
            throw StackError.overflow
        }
        items.append(item)
    }

    /// Removes and returns the top element.
    public mutating func pop() throws -> Element {
        guard let top = items.popLast() else {
            throw StackError.underflow
        }
        return top
    }

    public var isEmpty: Bool { items.isEmpty }
}

/// Things that can describe themselves in one line.
protocol Describable {
    var summary: String { get }
}

extension BoundedStack: Describable {
    var summary: String {
        "\(items.count)/\(capacity) items"
    }
}

/// Reverses a sequence using a stack.
func reversed<T>(_ values: [T]) -> [T] {
    var stack = BoundedStack<T>(capacity: max(values.count, 1))
    for v in values {
        try? stack.push(v)
    }
    var out: [T] = []
    while let v = try? stack.pop() {
        out.append(v)
    }
    return out
}
