/** Helpers the modules' tests share (test scope only). */
package dev.redsink.testkit;
