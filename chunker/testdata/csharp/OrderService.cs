using System;
using System.Collections.Generic;
using System.Linq;

namespace Shop.Orders
{
    /// <summary>The state an order is in.</summary>
    public enum OrderStatus
    {
        Open,
        Paid,
        Shipped,
        Cancelled,
    }

    /// <summary>A line of an order.</summary>
    public record OrderLine(string Sku, int Quantity, decimal UnitPrice);

    public interface IOrderRepository
    {
        Order Find(Guid id);
        void Save(Order order);
    }

    /// <summary>
    /// Creates and updates orders, enforcing the allowed status changes.
    /// </summary>
    public class OrderService
    {
        private readonly IOrderRepository _repository;
        private readonly Func<DateTime> _clock;

        public OrderService(IOrderRepository repository, Func<DateTime> clock)
        {
            _repository = repository ?? throw new ArgumentNullException(nameof(repository));
            _clock = clock;
        }

        /// <summary>Opens a new order for the customer.</summary>
        public Order Open(string customer, IEnumerable<OrderLine> lines)
        {
            var order = new Order
            {
                Id = Guid.NewGuid(),
                Customer = customer,
                Lines = lines.ToList(),
                Status = OrderStatus.Open,
                CreatedAt = _clock(),
            };
            _repository.Save(order);
            return order;
        }

        /// <summary>Marks an open order as paid.</summary>
        public void Pay(Guid id)
        {
            var order = _repository.Find(id);
            if (order.Status != OrderStatus.Open)
            {
                throw new InvalidOperationException($"order {id} is {order.Status}");
            }
            order.Status = OrderStatus.Paid;
            _repository.Save(order);
        }

        /// <summary>The total price of an order.</summary>
        public static decimal Total(Order order) =>
            order.Lines.Sum(l => l.Quantity * l.UnitPrice);

        public void Cancel(Guid id)
        {
            var order = _repository.Find(id);
            if (order.Status == OrderStatus.Shipped)
            {
                throw new InvalidOperationException("shipped orders cannot be cancelled");
            }
            order.Status = OrderStatus.Cancelled;
            _repository.Save(order);
        }
    }
}
