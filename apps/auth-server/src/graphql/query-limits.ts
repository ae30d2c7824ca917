// A validation rule bounding the total field selections of one GraphQL document, next to graphql-armor's alias,
// depth, cost and directive limits (registered in app.ts).
import { GraphQLError, type ValidationContext, type ASTVisitor } from 'graphql'

export function maxFieldsRule (limit: number) {
  return (context: ValidationContext): ASTVisitor => {
    let fields = 0
    return {
      Field (node) {
        if (++fields === limit + 1) {
          context.reportError(new GraphQLError(`a document may select at most ${limit} fields`, { nodes: node, extensions: { code: 'BAD_USER_INPUT' } }))
        }
      }
    }
  }
}
