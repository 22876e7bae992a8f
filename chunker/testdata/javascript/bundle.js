/*! tinyutil v1.0.0 | MIT */
;(function (root, factory) {
  if (typeof module === 'object' && module.exports) {
    module.exports = factory();
  } else {
    root.tinyutil = factory();
  }
}(this, function () {
  'use strict';

  var VERSION = '1.0.0';

  /**
   * Clamp number between lower and upper.
   */
  function clamp(number, lower, upper) {
    if (number < lower) {
      return lower;
    }
    return number > upper ? upper : number;
  }

  /**
   * Split array into groups of size.
   */
  function chunk(array, size) {
    var result = [];
    for (var i = 0; i < array.length; i += size) {
      result.push(array.slice(i, i + size));
    }
    return result;
  }

  /**
   * Create a function that delays invoking func until wait milliseconds
   * have elapsed since the last time it was invoked.
   */
  function debounce(func, wait) {
    var timer;
    return function () {
      var args = arguments, self = this;
      clearTimeout(timer);
      timer = setTimeout(function () {
        func.apply(self, args);
      }, wait);
    };
  }

  /** Remove duplicate values, keeping the first occurrence. */
  function uniq(array) {
    var seen = new Set();
    return array.filter(function (value) {
      if (seen.has(value)) {
        return false;
      }
      seen.add(value);
      return true;
    });
  }

  return { VERSION: VERSION, clamp: clamp, chunk: chunk, debounce: debounce, uniq: uniq };
}));
