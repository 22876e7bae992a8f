# frozen_string_literal: true

require 'bigdecimal'
require_relative 'errors'

# Banking domain objects.
module Bank
  OVERDRAFT_LIMIT = BigDecimal('100')

  # An account that records every transaction.
  class Account
    attr_reader :owner, :balance

    def initialize(owner)
      @owner = owner
      @balance = BigDecimal('0')
      @history = []
    end

    # Adds amount to the balance.
    def deposit(amount)
      raise ArgumentError, 'amount must be positive' unless amount.positive?

      @balance += amount
      @history << [:deposit, amount]
      self
    end

    # Takes amount from the balance, allowing a small overdraft.
    def withdraw(amount)
      raise ArgumentError, 'amount must be positive' unless amount.positive?
      raise InsufficientFunds, owner if @balance - amount < -OVERDRAFT_LIMIT

      @balance -= amount
      @history << [:withdraw, amount]
      self
    end

    # Returns the statement lines, newest first.
    def statement
      @history.reverse.map do |kind, amount|
        format('%-10s %10.2f', kind, amount)
      end
    end

    def to_s
      "#<Account #{owner} #{balance.to_s('F')}>"
    end
  end

  # Moves money between two accounts.
  def self.transfer(from, to, amount)
    from.withdraw(amount)
    to.deposit(amount)
  end
end
