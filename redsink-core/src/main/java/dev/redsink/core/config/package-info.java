/** The configuration key catalogue, parsing, validation and the parsed configuration record. */
package dev.redsink.core.config;
