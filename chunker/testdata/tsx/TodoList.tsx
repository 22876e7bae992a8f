import React, { useState } from "react";

/** One entry of the list. */
export interface Todo {
  id: number;
  title: string;
  done: boolean;
}

type Props = { initial: Todo[]; onChange?: (todos: Todo[]) => void };

/**
 * An editable to-do list. Items can be added, toggled and removed; every
 * change is reported through onChange.
 */
export function TodoList({ initial, onChange }: Props) {
  const [todos, setTodos] = useState<Todo[]>(initial);
  const [draft, setDraft] = useState("");

  const update = (next: Todo[]) => {
    setTodos(next);
    onChange?.(next);
  };

  const add = () => {
    if (!draft.trim()) return;
    update([...todos, { id: Date.now(), title: draft.trim(), done: false }]);
    setDraft("");
  };

  return (
    <div className="todo-list">
      <input value={draft} onChange={(e) => setDraft(e.target.value)} />
      <button onClick={add}>Add</button>
      <ul>
        {todos.map((t) => (
          <li key={t.id} className={t.done ? "done" : ""}>
            <input
              type="checkbox"
              checked={t.done}
              onChange={() => update(todos.map((x) => (x.id === t.id ? { ...x, done: !x.done } : x)))}
            />
            {t.title}
            <button onClick={() => update(todos.filter((x) => x.id !== t.id))}>×</button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Count the items that are not done yet. */
export const remaining = (todos: Todo[]): number => todos.filter((t) => !t.done).length;
