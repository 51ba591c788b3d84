/** Running connectors: batching, exactly-once writes with retries, progress and metrics. */
package dev.redsink.cli.run;
