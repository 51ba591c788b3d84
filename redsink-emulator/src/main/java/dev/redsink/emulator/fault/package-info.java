/** Injects S3 failures (error responses, resets, delays) between clients and the local S3. */
package dev.redsink.emulator.fault;
