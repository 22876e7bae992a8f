// matrix.cpp - dense matrices of doubles.
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace linalg {

constexpr double kEpsilon = 1e-12;

/// A dense row-major matrix.
class Matrix {
public:
    Matrix(std::size_t rows, std::size_t cols)
        : rows_(rows), cols_(cols), data_(rows * cols, 0.0) {}

    /// Returns the identity matrix of size n.
    static Matrix identity(std::size_t n) {
        Matrix m(n, n);
        for (std::size_t i = 0; i < n; ++i) {
            m(i, i) = 1.0;
        }
        return m;
    }

    double &operator()(std::size_t r, std::size_t c) { return data_[r * cols_ + c]; }
    double operator()(std::size_t r, std::size_t c) const { return data_[r * cols_ + c]; }

    std::size_t rows() const { return rows_; }
    std::size_t cols() const { return cols_; }

    /// Multiplies two matrices; throws when the shapes do not match.
    Matrix operator*(const Matrix &other) const {
        if (cols_ != other.rows_) {
            throw std::invalid_argument("shape mismatch");
        }
        Matrix out(rows_, other.cols_);
        for (std::size_t i = 0; i < rows_; ++i) {
            for (std::size_t k = 0; k < cols_; ++k) {
                double a = (*this)(i, k);
                if (a == 0.0) {
                    continue;
                }
                for (std::size_t j = 0; j < other.cols_; ++j) {
                    out(i, j) += a * other(k, j);
                }
            }
        }
        return out;
    }

private:
    std::size_t rows_;
    std::size_t cols_;
    std::vector<double> data_;
};

/// Returns the trace (sum of the diagonal) of a square matrix.
double trace(const Matrix &m) {
    double sum = 0;
    for (std::size_t i = 0; i < m.rows() && i < m.cols(); ++i) {
        sum += m(i, i);
    }
    return sum;
}

/// Reports whether two matrices are equal within kEpsilon.
bool approx_equal(const Matrix &a, const Matrix &b) {
    if (a.rows() != b.rows() || a.cols() != b.cols()) {
        return false;
    }
    for (std::size_t i = 0; i < a.rows(); ++i) {
        for (std::size_t j = 0; j < a.cols(); ++j) {
            double d = a(i, j) - b(i, j);
            if (d > kEpsilon || d < -kEpsilon) {
                return false;
            }
        }
    }
    return true;
}

}  // namespace linalg
