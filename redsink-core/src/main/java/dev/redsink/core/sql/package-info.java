/**
 * The only place that produces Redshift SQL text: quoting, limits, table, COPY and ledger
 * statements.
 */
package dev.redsink.core.sql;
