/**
 * The demo artifact: {@code redsink demo} (the emulator, an embedded Kafka broker, sample orders
 * and the Quick start connector) and {@code redsink emulator}, on top of the production commands.
 */
package dev.redsink.demo;
