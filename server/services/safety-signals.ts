import type { SafetySignal } from '../../contracts/enums';

/**
 * The chat's scam and safety rules, all in this module. A message is checked when it is sent; a match marks the
 * message (the recipient reads a calm notice under it) and files an automatic report for a reviewer. Nothing is
 * blocked: a reviewer dismisses a false positive like any report.
 *
 * Three signals, each a list of patterns in English, Hinglish (Hindi in Latin letters) and Hindi (Devanagari):
 * - money_request: asking the reader for money, a transfer, a loan or gift cards (a request, not a mention: "my
 *   father sent money" or "I bought a gift card" is not one);
 * - investment: pushing an investment, trading or crypto scheme (crypto named together with profit or investing, or
 *   promised returns), not a job in finance;
 * - off_platform: moving the conversation to another app or a phone number, flagged only within the first
 *   OFF_PLATFORM_WINDOW messages of a conversation, when strangers have no reason to leave Saathi yet.
 * Money and investment are flagged at any point: a scammer often asks only after weeks of trust.
 */

export const OFF_PLATFORM_WINDOW = 10;

/** Devanagari has no \b in JavaScript regular expressions: those patterns match on the text as written. */
const RULES: Record<SafetySignal, RegExp[]> = {
  money_request: [
    // English
    /\b(send|transfer|wire|lend|loan|gpay|paypal|venmo|zelle)\s+(me|us)\b/,
    /\b(can|could|would|will)\s+you\s+(please\s+|pls\s+|plz\s+)?(send|transfer|wire|lend|loan|give|pay|help\s+(me\s+)?with)\b[^.?!]{0,40}(money|cash|funds|amount|fees?|rs\.?|rupees|inr|dollars|usd|pounds|\$|₹|£|\d{3,})/,
    /\b(i|we)\s+(urgently\s+|really\s+)?need\s+(some\s+|a\s+little\s+|the\s+)?(money|cash|funds|loan)\b/,
    /\b(send|buy|get)\s+me\s+(an?\s+|some\s+)?((google\s*play|play\s*store|itunes|apple|amazon|steam|ebay|sephora)\s+)?(gift\s*)?cards?\b/,
    /\bgift\s*cards?\b[^.?!]{0,40}\b(code|codes|scratch|photo|picture|pic)\b/,
    /\b(western\s+union|moneygram)\b/,
    /\b(customs|clearance|release)\s+(fee|fees|charges?|duty)\b/,
    // Hinglish
    /\b(paise|paisa|paison|pese|rupaye|rupees|rs)\s+(bhej\s*(do|de|dijiye|dena|sakte|sakti|skte)|bhejo|transfer\s+kar\s*(do|de|dijiye)|de\s*do|chahiye|chahiye\s+the)\b/,
    /\b(paise|paisa|paison|pese)\s+ki\s+(zarurat|jarurat|zaroorat|jaroorat|zarurat)\b/,
    /\budh(a|aa)r\s+(de\s*do|de\s*dijiye|chahiye|milega|de\s*sakte)\b/,
    /\bgift\s*card\s+(bhej|le\s*ke\s*bhej|kharid)/,
    /\b(recharge|payment)\s+kar\s*(do|de|dijiye)\b/,
    // Hindi
    /(पैसे|पैसा|रुपये|रुपए)\s*(भेज\s*(दो|दें|दीजिए|दीजिये|सकते|सकती)|भेजो|ट्रांसफर\s*कर\s*(दो|दें|दीजिए)|दे\s*दो|चाहिए)/,
    /(पैसों|पैसे|पैसा)\s*की\s*(ज़रूरत|जरूरत|जरुरत)/,
    /उधार\s*(दे\s*दो|दे\s*दीजिए|चाहिए)/,
    /गिफ्ट\s*कार्ड/,
  ],
  investment: [
    // English
    /\b(crypto|bitcoin|btc|usdt|ethereum|forex|binary\s+options?|trading\s+(app|platform|site|account))\b[^.?!]{0,60}\b(invest|investing|investment|profit|profits|returns?|earn|earning|deposit)\b/,
    /\b(invest|investing|deposit)\b[^.?!]{0,40}\b(crypto|bitcoin|btc|usdt|ethereum|forex|trading\s+(app|platform|site))\b/,
    /\bguaranteed\s+(returns?|profits?|income)\b/,
    /\bdouble\s+(your|the|my)\s+(money|investment)\b/,
    /\b\d{1,3}\s*%\s*(daily|per\s+day|a\s+day|weekly|every\s+week)\b/,
    /\b(i|my\s+(uncle|aunt|mentor|cousin))\s+can\s+teach\s+you\s+(how\s+)?to\s+trade\b/,
    // Hinglish
    /\b(crypto|bitcoin|trading|forex)\s+(me|mein|mai)\s+(invest|paisa\s+laga|paise\s+laga)/,
    /\b(paisa|paise|paison)\s+(double|dugna|doguna)\b/,
    /\b(guaranteed|pakka)\s+(return|returns|profit|munafa)\b/,
    // Hindi
    /(क्रिप्टो|बिटकॉइन|ट्रेडिंग|फॉरेक्स)[^।?!]{0,40}(निवेश|इन्वेस्ट|मुनाफा|मुनाफ़ा|लाभ|पैसा\s*लगा|पैसे\s*लगा)/,
    /(पैसा|पैसे)\s*(डबल|दोगुना|दुगना)/,
    /(गारंटी|गारंटीड)\s*(रिटर्न|मुनाफा|मुनाफ़ा|लाभ)/,
  ],
  off_platform: [
    // English and Hinglish: the apps' names are written the same way
    /\b(whats\s*app|watsapp|whatsap|wtsapp|wa\.me|telegram|t\.me|signal\s+app|on\s+signal|snapchat|wechat|viber|kik|imo\s+app|line\s+app)\b/,
    /\b(my|mera|meri)\s+(number|no\.?|contact|cell|mobile)\s*(is|hai)?\s*:?\s*\+?\d[\d\s-]{7,20}\d/,
    // A phone number; bounded, so a long run of digits costs linear time.\n    /\+?\d[\d\s-]{9,20}\d/,
    // Hindi
    /(व्हाट्सएप|व्हाट्सऐप|वॉट्सऐप|टेलीग्राम|स्नैपचैट)/,
    /(मेरा|मेरे)\s*(नंबर|नम्बर)/,
  ],
};

const ORDER: SafetySignal[] = ['money_request', 'investment', 'off_platform'];

/** Lower case, without zero-width characters, whitespace collapsed: so "W h a t s A p p" tricks stay in reach of one pattern. */
function normalise(text: string): string {
  return text.normalize('NFC').replace(/[\u200B-\u200D\uFEFF]/g, '').toLowerCase().replace(/\s+/g, ' ');
}

/**
 * The scam signal in a message, if any. `messagesBefore`: how many messages the two members exchanged before this
 * one (moving to another app counts only early in a conversation).
 */
export function safetySignalOf(text: string, context: { messagesBefore: number }): SafetySignal | null {
  const t = normalise(text);
  for (const signal of ORDER) {
    if (signal === 'off_platform' && context.messagesBefore >= OFF_PLATFORM_WINDOW) continue;
    if (RULES[signal].some((rule) => rule.test(t))) return signal;
  }
  return null;
}

/** How a reviewer reads each signal in the queue. */
export const SAFETY_SIGNAL_LABELS: Record<SafetySignal, string> = {
  money_request: 'Asks for money or gift cards',
  investment: 'Pushes an investment or crypto scheme',
  off_platform: 'Moves the conversation to another app early',
};
