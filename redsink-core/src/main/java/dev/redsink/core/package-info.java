/** The public API of the Redsink loading engine. */
package dev.redsink.core;
