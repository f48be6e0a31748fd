/** Chromium's flags wherever the project drives Debian's Chromium: headless, no background traffic. */
export declare const CHROMIUM_ARGS: readonly string[];
