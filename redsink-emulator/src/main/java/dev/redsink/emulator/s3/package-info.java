/** A local S3 (embedded s3proxy behind a fault-injecting front) for the emulator's COPY. */
package dev.redsink.emulator.s3;
