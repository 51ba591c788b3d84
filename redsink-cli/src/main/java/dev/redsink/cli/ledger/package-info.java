/** Operating the ledger: showing next offsets and lag, and resetting a topic's offsets. */
package dev.redsink.cli.ledger;
