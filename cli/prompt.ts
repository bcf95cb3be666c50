import readline from 'node:readline';

/**
 * One answer: asked at a prompt on a terminal, else the first line of stdin (a script pipes `yes`); an empty
 * stdin answers ''.
 */
export async function ask(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    process.stdout.write(prompt);
    const rl = readline.createInterface({ input });
    for await (const line of rl) {
      rl.close();
      process.stdout.write('\n');
      return line;
    }
    process.stdout.write('\n');
    return '';
  }
  const rl = readline.createInterface({ input, output: process.stdout, terminal: true });
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close();
      resolve(answer);
    });
  });
}
