"""Inventory management for a small warehouse."""

import dataclasses
from typing import Dict, List, Optional

LOW_STOCK = 5


@dataclasses.dataclass
class Item:
    """One stock-keeping unit."""

    sku: str
    name: str
    quantity: int = 0


def parse_line(line: str) -> Optional[Item]:
    """Parse a CSV line "sku,name,quantity" into an Item.

    Returns None for blank lines and comments.
    """
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    sku, name, qty = line.split(",")
    return Item(sku, name, int(qty))


class Inventory:
    """A collection of items indexed by SKU.

    The inventory keeps a history of every change so that audits can
    replay it.
    """

    def __init__(self):
        self.items: Dict[str, Item] = {}
        self.history: List[str] = []

    def add(self, item: Item) -> None:
        """Add an item, merging quantities with an existing SKU."""
        existing = self.items.get(item.sku)
        if existing:
            existing.quantity += item.quantity
        else:
            self.items[item.sku] = item
        self.history.append(f"add {item.sku} {item.quantity}")

    def remove(self, sku: str, quantity: int) -> bool:
        """Remove quantity units of sku; False when there are not enough."""
        item = self.items.get(sku)
        if item is None or item.quantity < quantity:
            return False
        item.quantity -= quantity
        self.history.append(f"remove {sku} {quantity}")
        return True

    def low_stock(self) -> List[Item]:
        """Items whose quantity is at or below LOW_STOCK."""
        return [i for i in self.items.values() if i.quantity <= LOW_STOCK]

    def report(self) -> str:
        """Render a plain-text report sorted by name."""
        lines = []
        for item in sorted(self.items.values(), key=lambda i: i.name):
            flag = " (low)" if item.quantity <= LOW_STOCK else ""
            lines.append(f"{item.sku:10} {item.name:30} {item.quantity:5}{flag}")
        lines.append("-" * 47)
        lines.append(f"{len(self.items)} items, {sum(i.quantity for i in self.items.values())} units")
        return "\n".join(lines)

    def load(self, path: str) -> int:
        """Load items from a CSV file and return how many were read."""
        count = 0
        with open(path) as f:
            for line in f:
                item = parse_line(line)
                if item is not None:
                    self.add(item)
                    count += 1
        return count


if __name__ == "__main__":
    import sys

    inv = Inventory()
    inv.load(sys.argv[1])
    print(inv.report())
