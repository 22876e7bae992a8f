-- inventory.lua - a tiny item inventory for a game.

local json = require("json")

local MAX_STACK = 99

--- An inventory of item stacks.
-- @type Inventory
local Inventory = {}
Inventory.__index = Inventory

--- Creates an empty inventory with the given number of slots.
function Inventory.new(slots)
  local self = setmetatable({}, Inventory)
  self.slots = slots
  self.items = {}
  return self
end

--- Adds count items of the given kind; returns how many did not fit.
function Inventory:add(kind, count)
  for _, stack in ipairs(self.items) do
    if stack.kind == kind and stack.count < MAX_STACK then
      local room = MAX_STACK - stack.count
      local moved = math.min(room, count)
      stack.count = stack.count + moved
      count = count - moved
      if count == 0 then
        return 0
      end
    end
  end
  while count > 0 and #self.items < self.slots do
    local moved = math.min(MAX_STACK, count)
    table.insert(self.items, { kind = kind, count = moved })
    count = count - moved
  end
  return count
end

--- Counts the items of a kind.
function Inventory:count(kind)
  local n = 0
  for _, stack in ipairs(self.items) do
    if stack.kind == kind then
      n = n + stack.count
    end
  end
  return n
end

-- Serialize the inventory for saving.
local function encode(inv)
  return json.encode({ slots = inv.slots, items = inv.items })
end

return { Inventory = Inventory, encode = encode }
