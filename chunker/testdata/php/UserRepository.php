<?php

declare(strict_types=1);

namespace App\Repository;

use PDO;
use App\Model\User;

/**
 * Loads and stores users in a SQL database.
 */
final class UserRepository
{
    private const TABLE = 'users';

    public function __construct(private PDO $db)
    {
    }

    /**
     * Finds a user by id.
     *
     * @return User|null the user, or null when there is none
     */
    public function find(int $id): ?User
    {
        $stmt = $this->db->prepare('SELECT * FROM ' . self::TABLE . ' WHERE id = ?');
        $stmt->execute([$id]);
        $row = $stmt->fetch(PDO::FETCH_ASSOC);
        return $row ? User::fromArray($row) : null;
    }

    /** Inserts or updates a user and returns its id. */
    public function save(User $user): int
    {
        if ($user->id === null) {
            $stmt = $this->db->prepare('INSERT INTO ' . self::TABLE . ' (name, email) VALUES (?, ?)');
            $stmt->execute([$user->name, $user->email]);
            return (int) $this->db->lastInsertId();
        }
        $stmt = $this->db->prepare('UPDATE ' . self::TABLE . ' SET name = ?, email = ? WHERE id = ?');
        $stmt->execute([$user->name, $user->email, $user->id]);
        return $user->id;
    }

    /** Deletes a user; returns false when it did not exist. */
    public function delete(int $id): bool
    {
        $stmt = $this->db->prepare('DELETE FROM ' . self::TABLE . ' WHERE id = ?');
        $stmt->execute([$id]);
        return $stmt->rowCount() > 0;
    }
}

/**
 * Normalizes an e-mail address for comparison.
 */
function normalize_email(string $email): string
{
    return strtolower(trim($email));
}
