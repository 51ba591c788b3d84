/**
 * The values that cross the engine's API: records in ({@link dev.redsink.core.record.Record}), load
 * results and ledger entries out. Every package of the engine uses them; they use none of it.
 */
package dev.redsink.core.record;
