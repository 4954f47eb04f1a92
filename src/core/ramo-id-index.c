/* ramo-id-index.c
 *
 * Copyright 2026 The Ramo authors
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ramo-session"

#include "config.h"

#include <string.h>

#include "ramo-id-index.h"

/*
 * pi's index by id (`byId`): the entry each id names, the later line where lines share one.
 * Entries are only ever added to it, and each is already numbered (RamoEntry.index, its place
 * in the session's array of entries), so a slot holds that number and the id's hash: 8 bytes,
 * in a table at most 3/4 full, against ~20 bytes a slot in a GHashTable of strings (a key, a
 * value and a hash): on a million entries 16 MB instead of 42 MB.
 * Open addressing, probed linearly from the place the hash's top bits give.
 */

typedef struct
{
  guint32 index;   /* RamoEntry.index + 1; 0 for an empty slot */
  guint32 hash;
} Slot;

struct _RamoIdIndex
{
  GPtrArray *entries;   /* (not owned) (element-type RamoEntry) by RamoEntry.index */
  Slot      *slots;
  guint      shift;     /* 1 << shift slots */
  guint      size;
};

#define MIN_SHIFT 6

static inline guint
first_slot (guint32 hash,
            guint   shift)
{
  /* Fibonacci hashing: g_str_hash()'s low bits are weak for ids alike */
  return (guint) ((hash * 0x9E3779B1u) >> (32 - shift));
}

/**
 * _ramo_id_index_new:
 * @entries: (element-type RamoEntry): the session's entries, each at RamoEntry.index, which
 *   must outlive the index
 *
 * Returns: (transfer full): an empty index
 */
RamoIdIndex *
_ramo_id_index_new (GPtrArray *entries)
{
  RamoIdIndex *self = g_new0 (RamoIdIndex, 1);

  self->entries = entries;
  self->shift = MIN_SHIFT;
  self->slots = g_new0 (Slot, 1u << self->shift);
  return self;
}

void
_ramo_id_index_free (RamoIdIndex *self)
{
  if (self == NULL)
    return;
  g_free (self->slots);
  g_free (self);
}

/**
 * _ramo_id_index_size:
 * @self: an index
 *
 * Returns: the number of ids in @self
 */
guint
_ramo_id_index_size (RamoIdIndex *self)
{
  return self->size;
}

static inline RamoEntry *
entry_of (RamoIdIndex *self,
          const Slot  *slot)
{
  return g_ptr_array_index (self->entries, slot->index - 1);
}

/**
 * _ramo_id_index_lookup:
 * @self: an index
 * @id: (nullable): an entry id
 *
 * Returns: (transfer none) (nullable): the entry @id names (its latest line), or %NULL
 */
RamoEntry *
_ramo_id_index_lookup (RamoIdIndex *self,
                       const char  *id)
{
  guint32 hash;
  guint mask = (1u << self->shift) - 1;

  if (id == NULL)
    return NULL;
  hash = _ramo_id_index_hash (id);
  for (guint i = first_slot (hash, self->shift); ; i = (i + 1) & mask)
    {
      const Slot *slot = &self->slots[i];

      if (slot->index == 0)
        return NULL;
      if (slot->hash == hash && strcmp (entry_of (self, slot)->id, id) == 0)
        return entry_of (self, slot);
    }
}

/* Rehashes every id into 1 << @shift slots */
static void
resize (RamoIdIndex *self,
        guint        shift)
{
  Slot *old = self->slots;
  guint n_old = 1u << self->shift;
  guint mask;

  self->shift = shift;
  mask = (1u << self->shift) - 1;
  /* zeroed by writing (see alloc_entry() in ramo-session-lines.c): an insert reads its slot
   * first, and a page calloc() left to the kernel would be faulted twice */
  self->slots = g_new (Slot, 1u << self->shift);
  memset (self->slots, 0, sizeof (Slot) << self->shift);
  for (guint k = 0; k < n_old; k++)
    if (old[k].index != 0)
      {
        guint i = first_slot (old[k].hash, self->shift);

        while (self->slots[i].index != 0)
          i = (i + 1) & mask;
        self->slots[i] = old[k];
      }
  g_free (old);
}

/**
 * _ramo_id_index_capacity:
 * @self: an index
 *
 * Returns: how many slots @self has (for tests: what a load reserved)
 */
guint
_ramo_id_index_capacity (RamoIdIndex *self)
{
  return 1u << self->shift;
}

/**
 * _ramo_id_index_reserve:
 * @self: an index
 * @n: how many ids it is to hold
 *
 * Makes room for @n ids at once, so that adding them rehashes nothing (a load that knows
 * roughly how many lines are coming asks for them at its start).
 */
void
_ramo_id_index_reserve (RamoIdIndex *self,
                        guint        n)
{
  guint shift = self->shift;

  while ((guint64) n * 4 > (3ull << shift) && shift < 31)
    shift++;
  if (shift != self->shift)
    resize (self, shift);
}

/**
 * _ramo_id_index_hash:
 * @id: an entry id
 *
 * Returns: the hash _ramo_id_index_insert_hashed() takes for @id (extraction works it out in
 *   its own thread, so that the commit in file order does not)
 */
guint32
_ramo_id_index_hash (const char *id)
{
  return g_str_hash (id);
}

/**
 * _ramo_id_index_prefetch:
 * @self: an index
 * @hash: the _ramo_id_index_hash() of an id about to be inserted or looked up
 *
 * Asks the processor for the slot @hash starts at, a few entries before it is needed: in a
 * table of megabytes, each insert otherwise waits for its slot to come from memory.
 */
void
_ramo_id_index_prefetch (RamoIdIndex *self,
                         guint32      hash)
{
  __builtin_prefetch (&self->slots[first_slot (hash, self->shift)], 1, 1);
}

/**
 * _ramo_id_index_insert_hashed:
 * @self: an index
 * @entry: an entry with an id, at RamoEntry.index in the index's entries (or to be put there
 *   before the next lookup)
 * @hash: _ramo_id_index_hash() of its id
 *
 * Makes @entry the one its id names, as the later line with that id is in pi's index.
 *
 * Returns: (transfer none) (nullable): the entry the id named until now, or %NULL
 */
RamoEntry *
_ramo_id_index_insert_hashed (RamoIdIndex *self,
                              RamoEntry   *entry,
                              guint32      hash)
{
  guint mask;

  /* at most 3/4 full */
  if ((self->size + 1) * 4 > (3u << self->shift))
    resize (self, self->shift + 1);
  mask = (1u << self->shift) - 1;
  for (guint i = first_slot (hash, self->shift); ; i = (i + 1) & mask)
    {
      Slot *slot = &self->slots[i];

      if (slot->index == 0)
        {
          slot->index = entry->index + 1;
          slot->hash = hash;
          self->size++;
          return NULL;
        }
      if (slot->hash == hash && strcmp (entry_of (self, slot)->id, entry->id) == 0)
        {
          RamoEntry *previous = entry_of (self, slot);

          slot->index = entry->index + 1;
          return previous;
        }
    }
}

/**
 * _ramo_id_index_insert:
 * @self: an index
 * @entry: an entry with an id, at RamoEntry.index in the index's entries (or to be put there
 *   before the next lookup)
 *
 * _ramo_id_index_insert_hashed() with the hash of @entry's id.
 *
 * Returns: (transfer none) (nullable): the entry the id named until now, or %NULL
 */
RamoEntry *
_ramo_id_index_insert (RamoIdIndex *self,
                       RamoEntry   *entry)
{
  return _ramo_id_index_insert_hashed (self, entry, _ramo_id_index_hash (entry->id));
}
