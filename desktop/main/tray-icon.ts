// 32×32 PNG ("M" on teal), inline so the packaged app needs no asset files beside dist/.
export const TRAY_ICON_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAhklEQVR42u2XUQrAIAxDe4HdewfwvtvfEFZng11TthYEP2LyhCJWZFBb2w/PJZbyDoVgosJViOjwG8S/AVjhF0R6gL6spsgZCMBiiOphgCdTRLsEoBlbdcs9oJlbNK5NOLvt6wCzZiuAMABtHwZAeQkLoAAoAN//EdWvOAUAfTRLMZyyxvMTZmocwMySokYAAAAASUVORK5CYII=';
