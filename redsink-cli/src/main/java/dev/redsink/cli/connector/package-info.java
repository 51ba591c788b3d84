/**
 * The reference design's connector files: TOML with {@code [[topics]]} and {@code [plugin_config]},
 * environment overrides, and the {@code [kafka]} consumer table.
 */
package dev.redsink.cli.connector;
