/** The load: JDBC-facing pieces (the only package importing java.sql), SQL error classification. */
package dev.redsink.core.load;
