import { Type, type AppInstance } from '@openmotion/common'
import { optimizePrompt, promptStatus } from '../domain/prompt-optimizer.js'
import { currentClient, type SessionGuard } from '../session.js'
import { SubmitResponse, sessionErrors } from './schemas.js'
import type { PromptRepository } from '../domain/ports.js'

const PromptStatusResponse = Type.Object({
  count: Type.Integer({ description: 'How many records came back: unknown rids are left out' }),
  status: Type.Array(Type.Object({
    rid: Type.String(),
    status: Type.Union([Type.Literal('PROGRESS'), Type.Literal('SUCCESS'), Type.Literal('FAILURE')]),
    details: Type.Record(Type.String(), Type.Unknown())
  }))
})

const RID_LIST = Type.String({ pattern: '^[\\w-]+(,[\\w-]+)*$', maxLength: 4000 })

export function promptRoutes (deps: { prompts: PromptRepository, requireSession: SessionGuard }) {
  return async (app: AppInstance) => {
    app.addHook('preHandler', deps.requireSession)

    app.post('/prompt/v1/optimize', {
      schema: {
        tags: ['prompts'],
        summary: 'The prompt as the engine understands it: actions in order with their lengths; poll /prompt/v1/status/<rid>',
        body: Type.Object({
          params: Type.Array(Type.String({ maxLength: 4000 }), {
            maxItems: 4,
            description: '`prompt=<text>` (quotes optional) and `breakIntoActionablePrompts=0|1` (1 adds one sub-prompt per action)'
          })
        }),
        response: { 200: SubmitResponse, ...sessionErrors() }
      }
    }, async (request) => await optimizePrompt(deps.prompts, currentClient(request).id, request.body.params))

    app.get('/prompt/v1/status/:rids', {
      schema: {
        tags: ['prompts'],
        summary: 'SUCCESS details: In, out/optimizedPrompt, actions[{ kind, prompt, startSeconds, durationSeconds }], actionablePrompts',
        params: Type.Object({ rids: RID_LIST }),
        response: { 200: PromptStatusResponse, ...sessionErrors(404) }
      }
    }, async (request) => await promptStatus(deps.prompts, currentClient(request).id, request.params.rids.split(',')))
  }
}
