/** JPEG quality of every HD file: offline ageing, the HD enlarger, and a hosted model's answer stored as it came. */
export const HD_QUALITY = 90;
