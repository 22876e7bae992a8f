'use strict';

const { EventEmitter } = require('events');
const TAX_RATE = 0.2;

/**
 * Format a number of cents as a price string.
 * @param {number} cents
 * @returns {string}
 */
function formatPrice(cents) {
  return `$${(cents / 100).toFixed(2)}`;
}

// Round half away from zero to whole cents.
const roundCents = (value) => Math.sign(value) * Math.round(Math.abs(value));

/**
 * A shopping cart that emits "change" whenever its contents change.
 */
class Cart extends EventEmitter {
  constructor(owner) {
    super();
    this.owner = owner;
    this.lines = new Map();
  }

  /**
   * Add quantity units of a product.
   * @param {{id: string, price: number}} product
   * @param {number} quantity
   */
  add(product, quantity = 1) {
    const line = this.lines.get(product.id) || { product, quantity: 0 };
    line.quantity += quantity;
    this.lines.set(product.id, line);
    this.emit('change', this);
  }

  /** Remove a product entirely. */
  remove(productId) {
    if (this.lines.delete(productId)) {
      this.emit('change', this);
    }
  }

  /** Total price in cents including tax. */
  total() {
    let sum = 0;
    for (const { product, quantity } of this.lines.values()) {
      sum += product.price * quantity;
    }
    return roundCents(sum * (1 + TAX_RATE));
  }
}

module.exports = { Cart, formatPrice };
