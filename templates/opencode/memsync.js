// memsync for OpenCode: memory context before the model answers.
//
// Written by `memsync setup opencode` (docs/agents.md). Before each user message
// reaches the model, this asks `memsync context` for the block that fits it (the
// iron rules and an outline on a session's first message, the entries that match
// the message after that; memsync remembers per session what it already gave) and
// adds it to the message as a synthetic part: the model reads it, the chat does not
// show it as typed. It fails open: if memsync is missing, slow or fails, the
// message goes on without context.
import { spawn } from "node:child_process"

const COMMAND = __MEMSYNC_COMMAND__
const TIMEOUT_MS = 10000
const MAX_PROMPT_CHARS = 8000

function memsync(args, cwd, input) {
  return new Promise((resolve) => {
    let out = ""
    let settled = false
    let timer
    const finish = (text) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(text)
    }
    let child
    try {
      child = spawn(COMMAND[0], [...COMMAND.slice(1), ...args], { cwd, stdio: ["pipe", "pipe", "ignore"] })
    } catch {
      finish("")
      return
    }
    // The message goes on stdin, not the command line: other users of the machine can read argv in ps.
    child.stdin.on("error", () => {})
    child.stdin.end(input || "")
    timer = setTimeout(() => {
      child.kill()
      finish("")
    }, TIMEOUT_MS)
    child.stdout.setEncoding("utf8")
    child.stdout.on("data", (chunk) => {
      out += chunk
    })
    child.on("error", () => finish(""))
    child.on("close", (code) => finish(code === 0 ? out.trim() : ""))
  })
}

let serial = 0

export const MemsyncContext = async ({ directory }) => ({
  "chat.message": async (input, output) => {
    try {
      const parts = output && output.parts
      if (!Array.isArray(parts)) return
      const prompt = parts
        .filter((p) => p && p.type === "text" && !p.synthetic && typeof p.text === "string")
        .map((p) => p.text)
        .join("\n")
        .slice(0, MAX_PROMPT_CHARS)
      const args = ["context", "--format", "text"]
      if (input && input.sessionID) args.push(`--session=${input.sessionID}`)
      if (prompt) args.push("--prompt-file=-")
      const text = await memsync(args, directory || process.cwd(), prompt)
      if (!text) return
      serial += 1
      parts.push({
        id: `prt_memsync${Date.now().toString(36)}${serial.toString(36)}`,
        sessionID: input && input.sessionID,
        messageID: output.message && output.message.id,
        type: "text",
        text,
        synthetic: true,
      })
    } catch {
      // fail open: never block the user's message
    }
  },
})
